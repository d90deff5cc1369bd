"""Every kind of audit entry the services write, named in words and sorted into log groups.

The stored value (``"hand.add"``) is what older rows hold and archives carry; nobody reads it.
People see the label, a verb phrase that follows the author's name in the tournament log
("Jana Nováková · entered a hand"), and filter the log by the action's :class:`LogGroup`.
Czech and Slovak word the label without the author's gender, which the log does not know: a
passive that agrees with the thing done ("hra zapsána", "časomíra kola spuštěna"), never a
masculine past tense ("zapsal hru").
Services pass a member, never a string (``tests/web/test_audit_log.py`` checks both).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class LogGroup(models.TextChoices):
    """What the organiser and the referee look for in the log."""

    HANDS = "hands", _("Hands")
    RULINGS = "rulings", _("Rulings")
    SHEETS = "sheets", _("Table sheets")
    SEATING = "seating", _("Seating")
    REGISTRATIONS = "registrations", _("Registrations")
    ACCESS = "access", _("Table links and PINs")
    TEAM = "team", _("Team and logins")
    TOURNAMENT = "tournament", _("Tournament settings")


class AuditAction(models.TextChoices):
    # registrations and players
    REGISTRATION_CREATE = "registration.create", _("registered a player")
    REGISTRATION_CHECK_IN = "registration.check_in", _("checked in a player")
    REGISTRATION_CHECK_IN_ALL = "registration.check_in_all", _("checked in every registered player")
    REGISTRATION_CHECK_IN_UNDO = "registration.check_in_undo", _("undid a player's check-in")
    REGISTRATION_WITHDRAW = "registration.withdraw", _("withdrew a player")
    REGISTRATION_FIRST_ROUND = "registration.first_round", _("moved a late entry into the "
                                                             "round in play")
    PLAYERS_IMPORT = "players.import", _("imported players from a file")
    PLAYER_CREATE = "player.create", _("added a new player")
    CLUB_CREATE = "club.create", _("added a new club")
    PLAYER_DETAILS = "player.details", _(
        "changed a player's details (sex, year of birth, region, club)")
    # categories and prizes
    CATEGORY_SAVE = "category.save", _("saved a prize category")
    CATEGORY_DELETE = "category.delete", _("deleted a prize category")
    PRIZE_SAVE = "prize.save", _("saved a prize")
    PRIZE_DELETE = "prize.delete", _("deleted a prize")
    PRIZE_RULE = "prize.rule", _("changed the rule for a player who wins two prizes")
    # teams (club teams of the extraliga, championship teams of four)
    TEAM_SETTINGS = "team.settings", _("changed the team settings")
    TEAM_CREATE = "team.create", _("created a team")
    TEAM_UPDATE = "team.update", _("changed a team")
    TEAM_DELETE = "team.delete", _("deleted a team")
    TEAM_MEMBER_ADD = "team.member_add", _("added a team member")
    TEAM_MEMBER_REMOVE = "team.member_remove", _("removed a team member")
    TEAM_MEMBER_ROLE = "team.member_role", _("changed a team member's role")
    TEAMS_IMPORT = "team.import", _("imported teams from a file")
    # table links and PINs
    REGISTRATION_PINS = "registration.pins", _("issued the players' PINs")
    TABLE_ACCESS_ISSUE = "table.access_issue", _("issued table links and PINs")
    TABLE_ACCESS_REGENERATE = "table.access_regenerate", _("made a new table link and PIN")
    TABLE_ACCESS_OPEN = "table.access_open", _("opened a table by its link")
    SITE_PUBLIC_URL = "site.public_url", _("changed the public address for QR codes and links")
    # seating and rounds
    ROUND_SEAT = "round.seat", _("seated a round")
    ROUND_SWAP = "round.swap", _("swapped two players")
    ROUND_MOVE = "round.move", _("moved a player to another seat")
    ROUND_LATE_ENTRY = "round.late_entry", _("seated a late entry")
    ROUND_LOCK = "round.lock", _("changed the locked seats of a round")
    ROUND_STATE = "round.state", _("changed the state of a round")
    ROUND_CLOCK_START = "round.clock_start", _("started the round clock")
    ROUND_CLOCK_ADJUST = "round.clock_adjust", _("changed the length of a round")
    ROUND_CLOCK_PAUSE = "round.clock_pause", _("paused the round clock")
    ROUND_CLOCK_RESUME = "round.clock_resume", _("resumed the round clock")
    # hands
    HAND_ADD = "hand.add", _("entered a hand")
    HAND_EDIT = "hand.edit", _("corrected a hand")
    HAND_DELETE = "hand.delete", _("deleted a hand")
    HAND_FORGIVENESS = "hand.forgiveness", _("re-counted a forgiven renonc")
    HAND_RULING = "hand.ruling", _("re-settled a hand by a ruling")
    HAND_QUEUE_CONFLICT = ("hand.queue_conflict",
                           _("sent a write from the phone's offline queue that met a conflict"))
    HAND_QUEUE_DROP = "hand.queue_drop", _("dropped a write from the phone's offline queue")
    # table sheets
    SHEET_TOTALS = "sheet.totals", _("entered the totals of a table sheet")
    SHEET_PAPER_TOTALS = "sheet.paper_totals", _("copied the totals of a paper sheet")
    SHEET_CONTUMATION = "sheet.contumation", _("wrote the money of a contumation")
    SHEET_DRAFT = "sheet.draft", _("reopened a table sheet")
    SHEET_SUBMITTED = "sheet.submitted", _("submitted a table sheet")
    SHEET_CONFIRMED = "sheet.confirmed", _("confirmed a table sheet")
    SHEET_DISPUTED = "sheet.disputed", _("disputed a table sheet")
    SHEET_SCOREKEEPER = "sheet.scorekeeper", _("handed a table sheet to a scorekeeper")
    # rulings (one per RulingKind: "ruling." + its value)
    RULING_RENONC = "ruling.renonc", _("ruled a renonc")
    RULING_PREMIUM_GRANTED = "ruling.premium_granted", _("granted the PB")
    RULING_PREMIUM_REFUSED = "ruling.premium_refused", _("refused the PB")
    RULING_FLEK_CANCELLED = "ruling.flek_cancelled", _("cancelled a flek")
    RULING_MISMATCH_ACCEPTED = ("ruling.mismatch_accepted",
                                _("accepted a difference from the paper sheet"))
    RULING_YELLOW_CARD = "ruling.yellow_card", _("gave a yellow card")
    RULING_RED_CARD = "ruling.red_card", _("gave a red card")
    RULING_DISQUALIFICATION = "ruling.disqualification", _("disqualified a player")
    RULING_CONTUMATION = "ruling.contumation", _("ruled a contumation")
    RULING_OTHER = "ruling.other", _("made another ruling")
    RULING_PB_WAIVED = "ruling.pb_waived", _("waived the missing PB facts of a hand")
    RULING_TOTALS_ACCEPTED = ("ruling.totals_accepted",
                              _("accepted paper totals that differ from the hands"))
    TABLE_PIN_UNLOCK = "table.pin_unlock", _("unlocked the PIN entry of a table")
    # the tournament, its team and its competitions
    TOURNAMENT_CREATE = "tournament.create", _("created the tournament")
    TOURNAMENT_UPDATE = "tournament.update", _("changed the tournament")
    TOURNAMENT_START = "tournament.start", _("started the tournament")
    TOURNAMENT_REOPEN = "tournament.reopen", _("reopened the finished tournament")
    TOURNAMENT_IMPORT = "tournament.import", _("imported the tournament from an archive")
    RESULTS_IMPORT = "results.import", _("imported the results from an exchange file")
    STANDINGS_RULES_UPDATE = "standings.rules_update", _("changed the standings rules")
    COMPETITION_CREATE = "competition.create", _("created a competition")
    COMPETITION_UPDATE = "competition.update", _("changed a competition")
    RANKING_SAVE = "ranking.save", _("changed a season ranking")
    MEMBERSHIP_SAVE = "membership.save", _("changed a season membership")
    MEMBERSHIP_IMPORT = "membership.import", _("imported the federation's member list")
    MEMBERSHIP_COPY = "membership.copy", _("carried the members over into a new season")
    ROLE_GRANT = "role.grant", _("gave a role")
    ROLE_REVOKE = "role.revoke", _("took a role away")
    ROLE_LOGIN_CREATE = "role.login_create", _("made a staff login")

    @property
    def group(self) -> LogGroup:
        return ACTION_GROUPS[self]

    @classmethod
    def for_ruling(cls, kind: str) -> AuditAction:
        """The action of a ruling of ``kind`` (a ``RulingKind`` value)."""
        return cls(f"ruling.{kind}")

    @classmethod
    def for_sheet_state(cls, state: str) -> AuditAction:
        """The action of a table sheet moved to ``state`` (a ``SheetState`` value)."""
        return cls(f"sheet.{state}")


_A, _G = AuditAction, LogGroup
ACTION_GROUPS: dict[AuditAction, LogGroup] = {
    _A.REGISTRATION_CREATE: _G.REGISTRATIONS,
    _A.REGISTRATION_CHECK_IN: _G.REGISTRATIONS,
    _A.REGISTRATION_CHECK_IN_ALL: _G.REGISTRATIONS,
    _A.REGISTRATION_CHECK_IN_UNDO: _G.REGISTRATIONS,
    _A.REGISTRATION_WITHDRAW: _G.REGISTRATIONS,
    _A.REGISTRATION_FIRST_ROUND: _G.REGISTRATIONS,
    _A.PLAYERS_IMPORT: _G.REGISTRATIONS,
    _A.PLAYER_CREATE: _G.REGISTRATIONS,
    _A.PLAYER_DETAILS: _G.REGISTRATIONS,
    _A.CATEGORY_SAVE: _G.TOURNAMENT,
    _A.CATEGORY_DELETE: _G.TOURNAMENT,
    _A.PRIZE_SAVE: _G.TOURNAMENT,
    _A.PRIZE_DELETE: _G.TOURNAMENT,
    _A.PRIZE_RULE: _G.TOURNAMENT,
    _A.TEAM_SETTINGS: _G.REGISTRATIONS,
    _A.TEAM_CREATE: _G.REGISTRATIONS,
    _A.TEAM_UPDATE: _G.REGISTRATIONS,
    _A.TEAM_DELETE: _G.REGISTRATIONS,
    _A.TEAM_MEMBER_ADD: _G.REGISTRATIONS,
    _A.TEAM_MEMBER_REMOVE: _G.REGISTRATIONS,
    _A.TEAM_MEMBER_ROLE: _G.REGISTRATIONS,
    _A.TEAMS_IMPORT: _G.REGISTRATIONS,
    _A.CLUB_CREATE: _G.REGISTRATIONS,
    _A.REGISTRATION_PINS: _G.ACCESS,
    _A.TABLE_ACCESS_ISSUE: _G.ACCESS,
    _A.TABLE_ACCESS_REGENERATE: _G.ACCESS,
    _A.TABLE_ACCESS_OPEN: _G.ACCESS,
    _A.SITE_PUBLIC_URL: _G.ACCESS,
    _A.ROUND_SEAT: _G.SEATING,
    _A.ROUND_SWAP: _G.SEATING,
    _A.ROUND_MOVE: _G.SEATING,
    _A.ROUND_LATE_ENTRY: _G.SEATING,
    _A.ROUND_LOCK: _G.SEATING,
    _A.ROUND_STATE: _G.SEATING,
    _A.ROUND_CLOCK_START: _G.SEATING,
    _A.ROUND_CLOCK_ADJUST: _G.SEATING,
    _A.ROUND_CLOCK_PAUSE: _G.SEATING,
    _A.ROUND_CLOCK_RESUME: _G.SEATING,
    _A.HAND_ADD: _G.HANDS,
    _A.HAND_EDIT: _G.HANDS,
    _A.HAND_DELETE: _G.HANDS,
    _A.HAND_FORGIVENESS: _G.HANDS,
    _A.HAND_RULING: _G.HANDS,
    _A.HAND_QUEUE_CONFLICT: _G.HANDS,
    _A.HAND_QUEUE_DROP: _G.HANDS,
    _A.SHEET_TOTALS: _G.SHEETS,
    _A.SHEET_PAPER_TOTALS: _G.SHEETS,
    _A.SHEET_CONTUMATION: _G.SHEETS,
    _A.SHEET_DRAFT: _G.SHEETS,
    _A.SHEET_SUBMITTED: _G.SHEETS,
    _A.SHEET_CONFIRMED: _G.SHEETS,
    _A.SHEET_DISPUTED: _G.SHEETS,
    _A.SHEET_SCOREKEEPER: _G.SHEETS,
    _A.RULING_RENONC: _G.RULINGS,
    _A.RULING_PREMIUM_GRANTED: _G.RULINGS,
    _A.RULING_PREMIUM_REFUSED: _G.RULINGS,
    _A.RULING_FLEK_CANCELLED: _G.RULINGS,
    _A.RULING_MISMATCH_ACCEPTED: _G.RULINGS,
    _A.RULING_YELLOW_CARD: _G.RULINGS,
    _A.RULING_RED_CARD: _G.RULINGS,
    _A.RULING_DISQUALIFICATION: _G.RULINGS,
    _A.RULING_CONTUMATION: _G.RULINGS,
    _A.RULING_OTHER: _G.RULINGS,
    _A.RULING_PB_WAIVED: _G.RULINGS,
    _A.RULING_TOTALS_ACCEPTED: _G.RULINGS,
    _A.TABLE_PIN_UNLOCK: _G.ACCESS,
    _A.TOURNAMENT_CREATE: _G.TOURNAMENT,
    _A.TOURNAMENT_UPDATE: _G.TOURNAMENT,
    _A.TOURNAMENT_START: _G.TOURNAMENT,
    _A.TOURNAMENT_REOPEN: _G.TOURNAMENT,
    _A.TOURNAMENT_IMPORT: _G.TOURNAMENT,
    _A.RESULTS_IMPORT: _G.TOURNAMENT,
    _A.STANDINGS_RULES_UPDATE: _G.TOURNAMENT,
    _A.COMPETITION_CREATE: _G.TOURNAMENT,
    _A.COMPETITION_UPDATE: _G.TOURNAMENT,
    _A.RANKING_SAVE: _G.TOURNAMENT,
    _A.MEMBERSHIP_SAVE: _G.TOURNAMENT,
    _A.MEMBERSHIP_IMPORT: _G.TOURNAMENT,
    _A.MEMBERSHIP_COPY: _G.TOURNAMENT,
    _A.ROLE_GRANT: _G.TEAM,
    _A.ROLE_REVOKE: _G.TEAM,
    _A.ROLE_LOGIN_CREATE: _G.TEAM,
}


def actions_of(group: LogGroup) -> list[str]:
    """The stored values of every action in ``group``, for filtering entries."""
    return [action.value for action, its in ACTION_GROUPS.items() if its == group]


def action_label(value: str) -> str:
    """The words for a stored action; an unknown one (an archive from a newer version) reads
    as a change without saying which, rather than showing its identifier."""
    if value in AuditAction.values:
        return str(AuditAction(value).label)
    return str(_("changed something"))
