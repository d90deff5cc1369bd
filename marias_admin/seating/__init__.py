"""Rounds and seating. ``generator`` is pure Python (no Django); the app maps it to models."""
