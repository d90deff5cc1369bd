"""Table sizes for every remainder: ČSM tables of 4 (up to three of 3), SZMK tables of 3."""

import pytest

from marias_admin.seating.generator import CSM, SZMK, ErrorCode, SeatingError, table_sizes
from marias_admin.seating.generator.sizing import odd_table_count


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (3, [3]),
        (4, [4]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (12, [4, 4, 4]),
        (13, [4, 3, 3, 3]),
        (37, [4] * 7 + [3] * 3),
        (38, [4] * 8 + [3] * 2),
        (39, [4] * 9 + [3]),
        (40, [4] * 10),
    ],
)
def test_csm_sizes_by_example(n: int, expected: list[int]) -> None:
    assert table_sizes(n, 4) == expected
    assert CSM.sizes(n) == expected


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (3, [3]),
        (4, [4]),
        (6, [3, 3]),
        (7, [3, 4]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [3, 3, 4]),
        (11, [3, 4, 4]),
        (30, [3] * 10),
        (31, [3] * 9 + [4]),
        (32, [3] * 8 + [4, 4]),
    ],
)
def test_szmk_sizes_by_example(n: int, expected: list[int]) -> None:
    assert table_sizes(n, 3) == expected
    assert SZMK.sizes(n) == expected


@pytest.mark.parametrize("remainder", range(4))
def test_csm_every_remainder(remainder: int) -> None:
    for n in range(8 + remainder, 402, 4):
        sizes = table_sizes(n, 4)
        assert sum(sizes) == n
        assert sizes.count(3) == (4 - n % 4) % 4 == odd_table_count(n, 4)
        assert set(sizes) <= {3, 4}
        assert sizes == sorted(sizes, reverse=True), "tables of 3 come last"


@pytest.mark.parametrize("remainder", range(3))
def test_szmk_every_remainder(remainder: int) -> None:
    for n in range(6 + remainder, 402, 3):
        sizes = table_sizes(n, 3)
        assert sum(sizes) == n
        assert sizes.count(4) == n % 3 == odd_table_count(n, 3)
        assert sizes == sorted(sizes), "tables of 4 come last"


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("n", [0, 1, 2])
def test_too_few_players(n: int, size: int) -> None:
    with pytest.raises(SeatingError) as caught:
        table_sizes(n, size)
    assert caught.value.code is ErrorCode.TOO_FEW_PLAYERS


@pytest.mark.parametrize("size", [3, 4])
def test_five_players_cannot_be_split(size: int) -> None:
    with pytest.raises(SeatingError) as caught:
        table_sizes(5, size)
    assert caught.value.code is ErrorCode.CANNOT_SPLIT


def test_cap_on_odd_tables() -> None:
    assert table_sizes(38, 4, max_small_tables=2) == [4] * 8 + [3] * 2
    with pytest.raises(SeatingError) as caught:
        table_sizes(37, 4, max_small_tables=2)
    assert caught.value.code is ErrorCode.TOO_MANY_ODD_TABLES
    with pytest.raises(SeatingError):
        table_sizes(41, 3, max_small_tables=1)
    assert table_sizes(40, 4, max_small_tables=0) == [4] * 10


def test_unsupported_size() -> None:
    with pytest.raises(SeatingError) as caught:
        table_sizes(20, 5)
    assert caught.value.code is ErrorCode.UNSUPPORTED_TABLE_SIZE
