"""The table page's view model: what the page shows, shaped from data already loaded.

The views load (through :mod:`marias_admin.sheets.selectors`) and decide who may do what; the
presenters here turn that into what the template reads: the hands as rows with running sums,
the totals and differences, the open hand's panel, the live preview, and the forms with their
initial data. They run no queries of their own, so the page's query count is the selectors'.
"""
