"""Reports of Canon's success metrics for people: charts (``charts``) and the HTML page (``html``).

Everything here is drawn offline from a ``MetricsTimeline`` (``core.engine.metrics_timeline``).
"""
