"""One tree's figures for `python -m bench.compare`, printed as one line of JSON.

Run as a script with the tree to measure as the working directory:
`python /path/to/bench/compare/probe.py '{"greedy_runs": 3, ...}'`. The tree's own code is
imported (it comes first on `sys.path`), and only interfaces every version of the project keeps
are used: the engines' package top level (`new_game`, `to_act`, `legal_actions`, `apply`,
`player_view`, `to_json`, `from_json`, `is_over`), the bot registry, the site's URLs, its
models and its settings. This file imports nothing else from the project it lives in.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import random
import re
import sys
import tempfile
import textwrap
import time
from html.parser import HTMLParser
from types import ModuleType
from typing import Any

TREE = os.getcwd()
# The script's own folder would come first: put the measured tree there instead.
sys.path[0] = TREE

ENGINES = {"el-dorado": "games.engines.el_dorado", "incan-gold": "games.engines.incan_gold"}
PLAYERS = 4
ACTION_CAP = 20_000
LEAVE = 0.2  # how often an Incan Gold seat driven through the site goes back to camp


def engine(game: str) -> ModuleType:
    import importlib

    return importlib.import_module(ENGINES[game])


def bot(game: str, level: str):
    from games.bots.registry import get_bot

    return get_bot(game, level)


# -- (a) El Dorado greedy games per second: the loop of bench/el_dorado.py ------------------


def greedy_games_per_second(runs: int, seconds: float) -> list[float]:
    """Whole 4-player greedy games per second in each run, the bots deciding from views."""
    ed = engine("el-dorado")
    greedy = bot("el-dorado", "greedy")
    rates = []
    games = 0
    for _ in range(runs):
        done = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = ed.new_game(PLAYERS, games)
            rng = random.Random(games)
            actions = 0
            while not ed.is_over(state) and actions < ACTION_CAP:
                seat = min(ed.to_act(state))
                action = greedy(ed.player_view(state, seat), seat, rng)
                state = ed.apply(state, seat, action).state
                actions += 1
            games += 1
            done += 1
        rates.append(done / (time.perf_counter() - start))
    return rates


# -- (b) bot decision time, over the positions of fixed seeds' games -----------------------


def decisions(game: str, level: str, players: int, first_seed: int, count: int) -> dict:
    """Time `count` decisions of a bot playing every seat of games from fixed seeds: the view
    it decides from, and the decision itself (microseconds, one sample per decision)."""
    eng = engine(game)
    play = bot(game, level)
    view_us: list[float] = []
    decide_us: list[float] = []
    clock = time.perf_counter
    seed = first_seed
    while len(decide_us) < count:
        state = eng.new_game(players, seed)
        rngs = [random.Random(f"{seed}:{s}") for s in range(players)]
        steps = 0
        while not eng.is_over(state) and len(decide_us) < count and steps < ACTION_CAP:
            seat = min(eng.to_act(state))
            a = clock()
            view = eng.player_view(state, seat)
            b = clock()
            action = play(view, seat, rngs[seat])
            c = clock()
            view_us.append((b - a) * 1e6)
            decide_us.append((c - b) * 1e6)
            state = eng.apply(state, seat, action).state
            steps += 1
        seed += 1
    return {"view_us": view_us, "decide_us": decide_us}


# -- (d) lines of player_view and of what it calls in its engine ---------------------------


def _bound_names(func: ast.AST) -> set[str]:
    """Names the function binds itself (arguments, assignments, nested definitions)."""
    bound: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bound.add(node.id)
        elif (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and node is not func
        ):
            bound.add(node.name)
    return bound


def _referenced(func_node: ast.AST) -> list[ast.expr]:
    """Name and attribute loads in the function, leaving out annotations."""
    skip: set[int] = set()
    for node in ast.walk(func_node):
        if isinstance(node, ast.arg) and node.annotation is not None:
            skip.update(id(n) for n in ast.walk(node.annotation))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            skip.update(id(n) for n in ast.walk(node.returns))
        elif isinstance(node, ast.AnnAssign):
            skip.update(id(n) for n in ast.walk(node.annotation))
    return [
        node
        for node in ast.walk(func_node)
        if isinstance(node, ast.Name | ast.Attribute)
        and isinstance(node.ctx, ast.Load)
        and id(node) not in skip
    ]


def _resolve(node: ast.expr, namespace: dict[str, Any], bound: set[str]) -> Any:
    if isinstance(node, ast.Name):
        return None if node.id in bound else namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, namespace, bound)
        if inspect.ismodule(owner) or inspect.isclass(owner):
            return inspect.getattr_static(owner, node.attr, None)
    return None


def _code_lines(source: str) -> int:
    """Lines that are neither blank, nor comments, nor docstrings."""
    tree = ast.parse(source)
    doc_lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body:
            first = body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                doc_lines.update(range(first.lineno, first.end_lineno + 1))
    count = 0
    for number, line in enumerate(source.splitlines(), start=1):
        text = line.strip()
        if text and not text.startswith("#") and number not in doc_lines:
            count += 1
    return count


def _ours(obj: Any, package: str) -> bool:
    module = getattr(obj, "__module__", None) or ""
    return module == package or module.startswith(package + ".")


def _followed(target: Any, package: str, depth: int = 0) -> list[Any]:
    """The engine's functions a referenced object stands for: itself, a class's own
    constructors, or the functions in a module-level table (a dict, list or tuple)."""
    if isinstance(target, staticmethod | classmethod):
        target = target.__func__
    if isinstance(target, dict | list | tuple) and depth == 0:
        values = target.values() if isinstance(target, dict) else target
        return [f for value in values for f in _followed(value, package, 1)]
    if inspect.isclass(target) and _ours(target, package):
        found = []
        for name in ("__new__", "__init__", "__post_init__", "__call__"):
            method = target.__dict__.get(name)
            if inspect.isfunction(method) and _ours(method, package) and _has_source(method):
                found.append(method)
        return found
    if callable(target):
        target = inspect.unwrap(target)
        if inspect.isfunction(target) and _ours(target, package) and _has_source(target):
            return [target]
    return []


def _has_source(func: Any) -> bool:
    """False for code made at run time (a dataclass's generated `__init__`)."""
    try:
        inspect.getsourcelines(func)
    except (OSError, TypeError):
        return False
    return True


def view_lines(game: str) -> dict:
    """Lines of the engine's `player_view` and of every function of the engine's package it
    refers to, followed transitively (see `bench.compare.LINE_RULE`)."""
    eng = engine(game)
    package = eng.__name__
    start = inspect.unwrap(eng.player_view)
    seen: dict[str, tuple[int, int]] = {}
    queue = [start]
    while queue:
        func = queue.pop()
        key = f"{func.__module__}.{func.__qualname__}"
        if key in seen:
            continue
        lines, _ = inspect.getsourcelines(func)
        source = textwrap.dedent("".join(lines))
        seen[key] = (len(lines), _code_lines(source))
        tree = ast.parse(source)
        func_node = tree.body[0]
        bound = _bound_names(func_node)
        for node in _referenced(func_node):
            queue.extend(_followed(_resolve(node, func.__globals__, bound), package))
    return {
        "lines": sum(total for total, _ in seen.values()),
        "code_lines": sum(code for _, code in seen.values()),
        "functions": len(seen),
        "names": sorted(seen),
    }


# -- (c) the site: a move posted, then every viewer's live fragment fetched -----------------


class _Forms(HTMLParser):
    """The fields of each new-match form on the lobby page, as a browser would submit them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict[str, str]] = []
        self._form: dict[str, str] | None = None
        self._select: str | None = None
        self._first: str | None = None
        self._chosen: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("action", "").rstrip("/").endswith("/matches/new"):
            self._form = {}
        elif self._form is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._form[a["name"]] = a.get("value") or "on"
            elif kind not in ("submit", "button", "image", "reset"):
                self._form[a["name"]] = a.get("value", "")
        elif tag == "select" and a.get("name"):
            self._select, self._first, self._chosen = a["name"], None, None
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._first is None:
                self._first = value
            if "selected" in a:
                self._chosen = value

    def handle_endtag(self, tag: str) -> None:
        if self._form is None:
            return
        if tag == "select" and self._select is not None:
            chosen = self._chosen if self._chosen is not None else self._first
            self._form[self._select] = chosen or ""
            self._select = None
        elif tag == "form":
            self.forms.append(self._form)
            self._form = None


def _setup_django(folder: str) -> None:
    """The tree's own settings on a throwaway SQLite file, in-memory channels and cache."""
    for name in ("REDIS_URL", "LIVE_RELAY_URL", "DJANGO_SETTINGS_MODULE"):
        os.environ.pop(name, None)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            # Development mode so the settings ask for no collected static files and no
            # HTTPS; DEBUG itself is turned off again below, as on a deployed site.
            "DEBUG": "1",
            "SECRET_KEY": "bench-compare-not-secret-" + "x" * 40,
            "VAR_DIR": folder,
            "STATIC_ROOT": folder,
            "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3",
            "ALLOWED_HOSTS": "testserver",
            "LOG_LEVEL": "WARNING",
            # The match-creation throttles (newer trees) would stop a run of many matches.
            "MATCHES_PER_WINDOW": "0",
            "OPEN_MATCHES_PER_USER": "0",
            # Older trees ran a bot pass in a background thread after every move, and a clock
            # thread: these matches have no bots and no clock runs here, so neither is wanted.
            "BOT_RUNNER": "off",
            "CLOCK_SECONDS": "0",
        }
    )
    import django
    from django.conf import settings

    settings.DEBUG = False  # no query log, no template debug info: what a deployed site runs
    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def _new_match(game: str, players: int, seed: int, users: list) -> int:
    """Create a match through the lobby's form, fix its seed, have the others join it."""
    from django.test import Client

    from games.models import Match, Status

    host = Client()
    host.force_login(users[0])
    page = host.get("/play/")
    assert page.status_code == 200, page.status_code
    parser = _Forms()
    parser.feed(page.content.decode())
    form = next((f for f in parser.forms if f.get("game") == game), None)
    assert form is not None, f"no new-match form for {game} on /play/"
    for name in form:
        if name.endswith("-players"):
            form[name] = str(players)
        elif re.search(r"-seat_\d+$", name):
            form[name] = ""  # an open seat: a person joins it
    response = host.post("/matches/new/", form)
    assert response.status_code == 302, (response.status_code, response.content[:2000])
    match_id = int(re.search(r"/matches/(\d+)/", response["Location"])[1])
    # The site draws a random seed; both trees must play the same games.
    Match.objects.filter(pk=match_id).update(seed=seed)
    for user in users[1:players]:
        guest = Client()
        guest.force_login(user)
        assert guest.post(f"/matches/{match_id}/join/").status_code in (200, 302)
    if Match.objects.get(pk=match_id).status == Status.OPEN:
        host.post(f"/matches/{match_id}/start/")
    assert Match.objects.get(pk=match_id).status == Status.ACTIVE, "the match did not start"
    return match_id


def _stored_state(eng: ModuleType, match) -> Any:
    """The engine state of the match, from the stored snapshot (or its log when stale)."""
    if match.snapshot is not None and match.snapshot_version == match.version:
        return eng.from_json(match.snapshot)
    state = eng.new_game(match.players, match.seed, match.options)
    for seat, action in match.actions.order_by("seq").values_list("seat", "action"):
        state = eng.apply(state, seat, action).state
    return state


def site_moves(game: str, players: int, seed: int, moves: int, warmup: int, users: list) -> dict:
    """Milliseconds of one move POSTed to the act URL (the site loads the stored snapshot,
    applies, stores) plus a GET of the live fragment by every seat and a spectator."""
    from django.test import Client

    from games.models import Match, Status

    eng = engine(game)
    match_id = _new_match(game, players, seed, users)
    seats = dict(Match.objects.get(pk=match_id).seats.values_list("position", "user_id"))
    by_id = {user.pk: user for user in users}
    clients: dict[int, Client] = {}
    for position, user_id in sorted(seats.items()):
        clients[position] = Client()
        clients[position].force_login(by_id[user_id])
    viewers = [*clients.values(), Client()]  # every seat, then a spectator
    greedy = bot("el-dorado", "greedy") if game == "el-dorado" else None
    rng = random.Random(seed)
    act_url, live_url = f"/matches/{match_id}/act/", f"/matches/{match_id}/live/"
    samples: list[float] = []
    post_ms: list[float] = []
    played = 0
    while played < warmup + moves:
        match = Match.objects.get(pk=match_id)
        if match.status != Status.ACTIVE:
            break
        state = _stored_state(eng, match)
        seat = min(eng.to_act(state))
        if greedy is not None:
            action = greedy(eng.player_view(state, seat), seat, rng)
        else:
            choices = eng.legal_actions(state, seat)
            leave = [a for a in choices if a.get("choice") == "return"]
            stay = [a for a in choices if a.get("choice") == "continue"]
            action = (leave or choices)[0] if rng.random() < LEAVE or not stay else stay[0]
        body = {"action": json.dumps(action), "version": str(match.version)}
        start = time.perf_counter()
        posted = clients[seat].post(act_url, body)
        middle = time.perf_counter()
        pages = [viewer.get(live_url) for viewer in viewers]
        end = time.perf_counter()
        assert posted.status_code == 302, (posted.status_code, action)
        assert all(page.status_code == 200 for page in pages), [p.status_code for p in pages]
        after = Match.objects.values_list("version", flat=True).get(pk=match_id)
        assert after > match.version, f"the move was refused: {action}"
        if played >= warmup:
            samples.append((end - start) * 1000)
            post_ms.append((middle - start) * 1000)
        played += 1
    return {"ms": samples, "post_ms": post_ms, "viewers": len(viewers)}


def site(sizes: dict) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-compare-", ignore_cleanup_errors=True) as folder:
        started = time.perf_counter()
        _setup_django(folder)
        from django.contrib.auth import get_user_model

        User = get_user_model()  # noqa: N806
        users = [User.objects.create_user(username=f"seat{i}", password=None) for i in range(6)]
        setup_s = time.perf_counter() - started
        out: dict[str, Any] = {"setup_s": setup_s}
        for game, players in (("incan-gold", sizes["ig_seats"]), ("el-dorado", sizes["ed_seats"])):
            ms: list[float] = []
            post_ms: list[float] = []
            for i in range(sizes["site_matches"]):
                found = site_moves(
                    game,
                    players,
                    sizes["site_seed"] + i,
                    sizes["site_moves"],
                    sizes["site_warmup"],
                    users,
                )
                ms += found["ms"]
                post_ms += found["post_ms"]
            out[game] = {"ms": ms, "post_ms": post_ms, "players": players}
        from django.db import connections

        connections.close_all()
        return out


def warm_up(games: int) -> None:
    """The same whole greedy games in every tree, before anything is timed: what a tree keeps
    between decisions (boards, distance maps, what plays reach) is then as warm on both sides,
    whatever each tree's speed."""
    ed = engine("el-dorado")
    greedy = bot("el-dorado", "greedy")
    for seed in range(games):
        state = ed.new_game(PLAYERS, seed)
        rng = random.Random(seed)
        actions = 0
        while not ed.is_over(state) and actions < ACTION_CAP:
            seat = min(ed.to_act(state))
            state = ed.apply(state, seat, greedy(ed.player_view(state, seat), seat, rng)).state
            actions += 1


def main(sizes: dict) -> dict:
    out: dict[str, Any] = {"tree": TREE}
    warm_up(sizes.get("warm_games", 0))
    out["decisions"] = {
        "el-dorado greedy": decisions("el-dorado", "greedy", 4, 1000, sizes["ed_greedy"]),
        "el-dorado expert": decisions("el-dorado", "expert", 4, 900, sizes["ed_expert"]),
        "incan-gold expert": decisions("incan-gold", "expert", 5, 0, sizes["ig_expert"]),
    }
    out["greedy_rates"] = greedy_games_per_second(sizes["greedy_runs"], sizes["greedy_seconds"])
    if sizes.get("lines"):
        out["lines"] = {game: view_lines(game) for game in ENGINES}
    out["site"] = site(sizes)
    return out


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))), flush=True)
