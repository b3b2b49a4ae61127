"""``python -m phisift.cli``: the same as the ``phisift`` command."""

from . import main

if __name__ == "__main__":
    main()
