import sys

from ludi.cli import main

sys.exit(main())
