"""`python -m bench.compare BASE`: see `bench.compare`."""

import sys

from bench.compare import main

sys.exit(main(sys.argv[1:]))
