"""`python -m core.cli` runs the canon command line."""

import sys

from core.cli import main

sys.exit(main())
