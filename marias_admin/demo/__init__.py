"""The demo tournaments and ``manage.py bootstrap``: the top layer, built through every app's
services as an organiser, scorekeeper and referee would."""
