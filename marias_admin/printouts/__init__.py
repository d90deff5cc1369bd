"""Printable PDFs for a round: table sheets (stolové lístky) and seating lists.

The PDF builders (``table_sheets``, ``seating_lists``) take plain data (``data``) and return
bytes, so they are tested without a database; ``selectors`` turns the ORM into that data.
"""
