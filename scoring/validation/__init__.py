"""Rule checks on a recorded hand, one module per concern; :mod:`scoring.validate` is its
public face. ``core`` runs them; ``contract``, ``doublings``, ``points``, ``outcome`` and
``renonc`` hold the checks of those facts, ``names`` how problems name a contract."""
