"""Klondike (seed 003): draw 1, unlimited passes. The contracts are in /work/shared/design.md, "Klondike"."""
