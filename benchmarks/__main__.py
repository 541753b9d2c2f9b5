"""``python -m benchmarks`` from the repository root (see :mod:`benchmarks.run`)."""
from benchmarks.run import main

if __name__ == "__main__":
    raise SystemExit(main())
