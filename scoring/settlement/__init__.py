"""Hand settlement, one module per concern; :mod:`scoring.settle` is its public face.

``core`` dispatches a hand; ``contract`` pays a played contract, from the part values of
``lines`` (with ``hundred`` maths and the defence's ``announcements``), shared by ``flek``
rules; ``penalties`` are renonc paušály and fines, ``unplayed`` the omyl and the quiet game,
``premiums`` the PB grant and ``result`` the Settlement value and the transfers.
"""
