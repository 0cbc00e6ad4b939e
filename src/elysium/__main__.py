"""Allow ``python -m elysium``."""

from elysium.cli import main

raise SystemExit(main())
