"""Whatever is posted, the Mordor API answers 200 or a 400 naming fields — never a 500.

The bodies are mostly well-formed (so the engine runs) with a field now and then wrong.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

COLORS = ("black", "yellow", "red", "blue", "green")
HOBBITS = COLORS[1:]
FACES = ("ring", "orc", "warrior", "nazgul", "gandalf")
junk = st.one_of(st.none(), st.integers(-2, 12), st.sampled_from(["dragon", "", "x"]))


def sometimes(valid, wrong=junk):
    """Mostly ``valid``, now and then ``wrong`` (a middle draw: hypothesis favours the ends)."""
    return st.tuples(st.integers(0, 30), valid, wrong).map(lambda t: t[2] if t[0] == 17 else t[1])


def face(color):
    return st.sampled_from(FACES + (("white_tree",) if color == "black" else ()))


@st.composite
def dice(draw, min_size=1, max_size=5):
    colors = draw(
        st.lists(st.sampled_from(COLORS), unique=True, min_size=min_size, max_size=max_size)
    )
    return [
        {"face": draw(sometimes(face(c))), "color": draw(sometimes(st.just(c)))} for c in colors
    ]


@st.composite
def split_dice(draw):
    """The five dice, some rolled and the others kept earlier."""
    all_dice = draw(dice(5, 5))
    cut = draw(st.integers(1, 5))
    return all_dice[:cut], all_dice[cut:]


@st.composite
def track(draw):
    marked = draw(st.integers(0, 6))
    tail = draw(
        st.lists(st.sampled_from(["empty", "split"]), min_size=7 - marked, max_size=7 - marked)
    )
    return ["marked"] * marked + tail


setup = st.fixed_dictionaries(
    {},
    optional={
        "colored_die": st.lists(st.sampled_from(FACES), min_size=1, max_size=4),
        "nazgul_squares": st.integers(0, 9),
    },
)


@st.composite
def keep_body(draw):
    rolled = draw(dice())
    return {
        "rolled": rolled,
        "keep": draw(
            sometimes(st.lists(st.integers(0, len(rolled) - 1), max_size=len(rolled), unique=True))
        ),
        "player_color": draw(sometimes(st.sampled_from(HOBBITS))),
        "location": draw(sometimes(st.sampled_from(["rohan", "rivendell", "moria", None]))),
        "advanced": draw(st.booleans()),
        "rerolled": draw(st.booleans()),
        **draw(st.fixed_dictionaries({}, optional={"setup": setup})),
    }


@st.composite
def resolve_body(draw):
    colors = draw(st.lists(st.sampled_from(HOBBITS), unique=True, min_size=1, max_size=4))
    players = [
        {
            "color": draw(sometimes(st.just(c))),
            "position": draw(sometimes(st.integers(0, 8))),
            "nazgul_track": draw(sometimes(track(), st.lists(st.sampled_from(["x", "empty"])))),
            "eliminated": draw(sometimes(st.just(False), st.just(True))),
        }
        for c in colors
    ]
    return {
        "players": players,
        "active": draw(sometimes(st.integers(0, len(players) - 1))),
        "kept": draw(dice()),
        "advanced": draw(st.booleans()),
        "gandalf_squares": draw(st.one_of(st.none(), st.lists(st.integers(-1, 8), max_size=2))),
    }


@st.composite
def odds_body(draw):
    me = draw(st.sampled_from(HOBBITS))
    body = {
        "position": draw(sometimes(st.integers(0, 8))),
        "nazgul_track": draw(sometimes(track())),
        "player_color": me,
        "other_colors": draw(st.lists(st.sampled_from(HOBBITS), unique=True, max_size=3)),
        "advanced": draw(st.booleans()),
        "goal": draw(sometimes(st.sampled_from(["progress", "reach_mordor"]))),
        "policy": draw(st.sampled_from(["optimal", "one_at_a_time", "all_distinct"])),
    }
    if draw(st.booleans()):
        body["rolled"], body["kept_before"] = draw(split_dice())
    return body


BODIES = {
    "/api/mordor/keep/check/": keep_body(),
    "/api/mordor/resolve/": resolve_body(),
    "/api/mordor/odds/": odds_body(),
}


@pytest.mark.parametrize("url", list(BODIES))
def test_no_body_makes_a_500(url):
    client = APIClient()

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(body=BODIES[url])
    def post(body):
        response = client.post(url, body, format="json")
        assert response.status_code in (200, 400), (body, response.content[:300])
        if response.status_code == 400:
            assert all(e["field"] for e in response.json()["errors"])

    post()
