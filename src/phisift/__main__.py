"""``python -m phisift``: the same as the ``phisift`` command."""

from .cli import main

if __name__ == "__main__":
    main()
