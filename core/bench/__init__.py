"""Benchmarks that print figures beside a baseline measured in the same run (`canon bench`)."""
