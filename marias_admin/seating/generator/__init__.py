"""Pure seating algorithms: who sits at which table in each round (no Django, no I/O).

Plain data in, plain data out: players are hashable ids, a table is a tuple of ids in seat
order, a round is a list of tables in table-number order, the history is the list of rounds
played so far. All randomness comes from the seed, so a stored seed reproduces a seating.

Entry points (see ``plan.py``): ``seat_round`` seats one round, ``plan_rounds`` plans several,
``replan`` plans the rest of a tournament after a change in the field; ``assess_round`` and
``assess_plan`` (``quality.py``) report repeats against a lower bound; ``table_sizes``
(``sizing.py``) splits a field into tables; ``choose_byes`` (``byes.py``) picks who sits out
at tables of exactly four (křížový). ``KeepApart`` (``groups.py``) names groups of
players, clubs and teams, to keep at different tables; ``group_pairs``/``group_bound`` report
one grouping on its own.
"""

from .byes import bye_count, choose_byes, split_field
from .designs import KNOWN_MAXIMA
from .groups import CLUB_WEIGHT, TEAM_WEIGHT, KeepApart, group_bound, group_pairs
from .lot import seat_lot
from .plan import Seed, derive_rng, plan_rounds, replan, seat_round
from .quality import (
    GroupPair,
    PlanQuality,
    RepeatedPair,
    RoundQuality,
    assess_plan,
    assess_round,
    plan_lower_bound,
)
from .seeded import complete_ranking, seat_pots, seat_snake
from .sizing import CSM, SZMK, TableSizing, odd_table_count, table_sizes
from .szmk import SzmkRule, rule_for
from .types import ErrorCode, History, Method, PlayerId, Seating, SeatingError, Table

__all__ = [
    "CLUB_WEIGHT",
    "CSM",
    "KNOWN_MAXIMA",
    "SZMK",
    "TEAM_WEIGHT",
    "ErrorCode",
    "GroupPair",
    "History",
    "KeepApart",
    "Method",
    "PlanQuality",
    "PlayerId",
    "RepeatedPair",
    "RoundQuality",
    "Seating",
    "SeatingError",
    "Seed",
    "SzmkRule",
    "Table",
    "TableSizing",
    "assess_plan",
    "assess_round",
    "bye_count",
    "choose_byes",
    "complete_ranking",
    "derive_rng",
    "group_bound",
    "group_pairs",
    "odd_table_count",
    "plan_lower_bound",
    "plan_rounds",
    "replan",
    "rule_for",
    "seat_lot",
    "seat_pots",
    "seat_round",
    "seat_snake",
    "split_field",
    "table_sizes",
]
