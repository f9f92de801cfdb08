"""The side pages: a Flask application over one game.  Every route but the side pages answers
"not found" with an empty body, and so does a side page whose secret is wrong: a player who
tries links learns nothing, not even that the game exists."""

from __future__ import annotations

import tempfile
from pathlib import Path

from flask import Flask, Response, abort, render_template, request

from ..core.errors import UmpireError
from ..core.knowledge import build_view
from ..core.rulesystem import RuleSystem
from ..core.store.db import open_game
from ..packages.orders_template import game_template
from ..rules import rule_system
from .links import SideLinks
from .pictures import Pictures

ORDERS_LIMIT = 64 * 1024            # an orders file is a few lines; a page is not an upload service


def takes_orders(system) -> bool:
    return type(system).read_orders is not RuleSystem.read_orders


def side_page(game, side: str, system) -> dict:
    """What a side's page shows, from the side's view only."""
    view = build_view(game, side, system)
    number = view.map.number
    own = sorted((u for u in view.units if u.knowledge == "own"), key=lambda u: u.label)
    # the side's own infantry riding in its carriers: not on the map's counters, but his (a tester
    # looked for his rifles under "Your forces")
    riding = sorted((u for u in game.units.values() if u.side == side and u.carried_by and u.status == "on_map"),
                    key=lambda u: u.id)
    contacts = sorted((u for u in view.units if u.knowledge in ("seen", "last_known")), key=lambda u: u.label)
    return {
        "title": view.title, "side": view.viewer_name, "turn": view.turn, "turns": view.turns,
        "own": [{"label": u.label, "type": u.type_label, "hex": number(u.hex), "strength": u.strength,
                 "state": u.state} for u in own]
             + [{"label": u.id, "type": game.unit_type(u)["label"], "hex": f"in {u.carried_by}",
                 "strength": system.strength_text(game, u), "state": ""} for u in riding],
        "contacts": [{"label": u.label, "type": u.type_label or "unidentified", "hex": number(u.hex),
                      "when": "seen now" if u.knowledge == "seen" else f"last seen turn {u.turn_seen}"}
                     for u in contacts],
        "objectives": [{"hex": number(o.hex), "label": o.label, "points": o.points} for o in view.objectives],
    }


def create_app(location: str, links: SideLinks) -> Flask:
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = ORDERS_LIMIT
    pictures = Pictures(location)

    def side_for(token: str) -> str:
        side = links.side_of(token)
        if side is None:
            abort(404)
        return side

    @app.before_request
    def no_options():
        # Flask answers OPTIONS itself, before any view checks the secret, naming the methods a
        # route takes: a wrong secret would learn that pages exist (the reviewer's probe)
        if request.method == "OPTIONS":
            abort(404)

    @app.after_request
    def guarded(response: Response) -> Response:
        # the link is the key: never sent on to another site, never kept in a shared cache
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Content-Security-Policy"] = "default-src 'self'; style-src 'self' 'unsafe-inline'"
        return response

    @app.errorhandler(404)
    @app.errorhandler(405)
    def nothing(_e):
        return Response("", status=404, mimetype="text/plain")

    @app.errorhandler(413)
    def too_big(_e):
        return Response(f"an orders file is at most {ORDERS_LIMIT // 1024} KB", status=413, mimetype="text/plain")

    def page(side: str, said: str = "", ok: bool = True, orders: str = "", status: int = 200):
        game = open_game(location)
        system = rule_system(game.rules)
        facts = side_page(game, side, system)
        # the same first text as the side's package and player mode (packages.orders_template):
        # the turn the orders are for, the companies and command codes, a shot with weapon keys
        skeleton = game_template(game, side, system) if takes_orders(system) else ""
        return render_template("side.html", **facts, said=said, ok=ok, takes_orders=takes_orders(system),
                               orders=orders or skeleton, rules=game.rules.title), status

    @app.get("/s/<token>/")
    def side_home(token: str):
        return page(side_for(token))

    @app.get("/s/<token>/map.png")
    def side_map(token: str):
        return Response(pictures.get("map", side_for(token)), mimetype="image/png")

    @app.get("/s/<token>/report.pdf")
    def side_report(token: str):
        side = side_for(token)
        return Response(pictures.get("report", side), mimetype="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{side}-report.pdf"'})

    @app.post("/s/<token>/orders")
    def side_orders(token: str):
        side = side_for(token)
        text = request.form.get("orders", "")
        upload = request.files.get("file")
        if upload is not None and upload.filename:
            text = upload.read().decode("utf-8", "replace")
        try:
            summary = hand_in(location, side, text)
        except UmpireError as e:
            return page(side, said=e.one_line(), ok=False, orders=text, status=400)
        return page(side, said=summary)

    return app


def hand_in(location: str, side: str, text: str) -> str:
    """A side's orders from its page, taken as `umpire orders` takes a file (packages.inbox: its
    signature checked -- required if the game requires signed orders --, kept in the journal,
    read whole by the rule system before anything is applied), and refused if they are another
    side's: the page's secret says whose page it is, the file must agree."""
    from ..packages.inbox import read_body, take_orders
    from ..packages.signing import check_orders

    game = open_game(location)
    system = rule_system(game.rules)
    if not takes_orders(system):
        raise UmpireError(f"{game.rules.title} takes no orders between turns: tell the umpire")
    if not text.strip():
        raise UmpireError("the orders are empty")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "orders.toml"
        path.write_text(text, encoding="utf-8")
        try:
            written_for, _ = read_body(system, check_orders(location, path), str(path))   # a signed file's body
            if written_for != side:
                raise UmpireError(f"these orders are written for side {written_for!r}, and this page is for side {side!r}")
            results = take_orders(location, path, system)     # kept, and applied unless held for its phase
        except UmpireError as e:
            if e.file and e.file != str(path):
                raise                   # the game's own trouble
            raise UmpireError(e.problem, place=e.place) from None
    return f"Orders received: {results[-1].summary}"
