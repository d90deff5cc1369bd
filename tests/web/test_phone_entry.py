"""The table page on a phone (issue 24, "Phone"): money fields every phone keyboard can type a
minus in, and a form by fields whose parts say which contracts use them, with one label per
field. The script that hides the other contracts' fields is exercised in
``tests/browser/test_phone_width.py``.

The ``world`` (``factories.make_world()``, ČSM) comes from the conftest.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.web.helpers import client_for, page_url

pytestmark = pytest.mark.django_db


def _inputs(html: str) -> dict[str, str]:
    """Each named input/select/textarea tag of the page by its name (the first of a name)."""
    found: dict[str, str] = {}
    for tag in re.findall(r"<(?:input|select|textarea)\b[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        if name:
            found.setdefault(name.group(1), tag)
    return found


def test_money_fields_open_a_keyboard_with_a_minus(world):
    keeper = client_for(world["users"]["keeper"])
    html = keeper.get(page_url(world)).content.decode()
    inputs = _inputs(html)
    # The paper copy of a hand and the typed totals and PB of the sheet: signed amounts.
    amounts = [tag for name, tag in inputs.items()
               if re.fullmatch(r"(text-paper|totals-money|totals-pb|money|pb|paper)_?\d", name)
               or re.search(r"-(paper|money|pb)_\d$", name)]
    assert amounts, sorted(inputs)
    for tag in amounts:
        assert 'inputmode="text"' in tag and "pattern=" in tag, tag
    assert 'inputmode="decimal"' not in html


def test_form_fields_name_their_contracts_and_labels_differ(world):
    keeper = client_for(world["users"]["keeper"])
    html = keeper.get(page_url(world, entry="form")).content.decode()
    form = re.search(r'<form[^>]*struct-form.*?</form>', html, re.S).group(0)
    inputs = _inputs(form)
    contracts = {name: re.search(r'data-contracts="([^"]*)"', tag)
                 for name, tag in inputs.items()}
    contracts = {name: set(m.group(1).split()) for name, m in contracts.items() if m}

    # A sedma's parts: the game and the seven, never betl, durch or two sevens; betl's alone.
    assert "seven" in contracts["form-doubling_seven"] and "seven" in contracts["form-game_won"]
    for part in ("betl", "durch", "two_sevens"):
        assert "seven" not in contracts[f"form-doubling_{part}"], part
    assert contracts["form-doubling_betl"] >= {"betl"}
    assert "betl" not in contracts["form-trump"] and "seven" in contracts["form-trump"]
    assert contracts["form-helper"] and all("two_sevens" in c for c in contracts["form-helper"])
    # Always asked: who, the contract itself, the renonc.
    for name in ("form-contract", "form-renonc_code", "form-laid_down"):
        assert name not in contracts, name

    # Every field of the form has its own label: "hra: fleky" and "hra: výsledek",
    # not twice "Hra" (the page speaks the tournament's language, Czech).
    labels = {target: re.sub(r"<[^>]+>|\s+", " ", label).strip()
              for target, label in re.findall(r'<label for="id_(form-[^"]+)"[^>]*>(.*?)</label>',
                                              form, re.S)}
    repeated = [label for label, n in Counter(labels.values()).items() if n > 1]
    assert labels and not repeated, repeated
    for part in ("game", "seven"):
        flek, result = labels[f"form-doubling_{part}"], labels[f"form-{part}_won"]
        assert flek != result and flek.split(":")[0] == result.split(":")[0], (flek, result)


@pytest.mark.parametrize("code", ["csm-voleny", "pagat-voleny", "szmk-voleny-2024",
                                  "csm-krizovy", "sloapslam-ctyrka", "sloapslam-krizovy"])
def test_every_ruleset_form_has_one_label_per_field(code):
    """The defence's announcements and each part's raisers say whose they are: no two fields
    of the form by fields share a label (sedma proti's "result" is not the sedma's)."""
    from tests.factories import make_world

    world = make_world(players=8, ruleset_code=code)
    keeper = client_for(world["users"]["keeper"])
    html = keeper.get(page_url(world, entry="form")).content.decode()
    form = re.search(r'<form[^>]*struct-form.*?</form>', html, re.S).group(0)
    # A field's label, not its options' (the seats of a "who doubled" row: id_..._0, _1, …).
    labels = {target: re.sub(r"<[^>]+>|\s+", " ", label).strip()
              for target, label in re.findall(r'<label for="id_(form-[^"]+)"[^>]*>(.*?)</label>',
                                              form, re.S)
              if not re.search(r"_\d+$", target)}
    repeated = {name: label for name, label in labels.items()
                if Counter(labels.values())[label] > 1}
    assert len(labels) > 10 and not repeated, repeated
