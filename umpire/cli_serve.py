"""`umpire serve GAME`: each side's page on the local network (umpire/serve)."""

from __future__ import annotations

import socket

from .core.errors import UmpireError


def page_address(bind: str) -> str:
    """The address a player's phone reaches the pages at: the one bound, or for 0.0.0.0 this
    computer's address on the network (the one it would reach others from)."""
    if bind not in ("0.0.0.0", "::"):
        return bind
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))       # no packet is sent: this only picks the interface
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def cmd_serve(args) -> int:
    from waitress.server import create_server

    from .core.store.db import open_game
    from .serve.app import create_app
    from .serve.links import make_links, qr_text

    game = open_game(args.game)
    # every side's page, and the orders taken there journaled under this umpire's name: the chief's
    # (a game with seats needs `umpire --as CHIEF serve ...`; checked now, not at a player's first orders)
    from .core.umpires import check_viewing
    check_viewing(args.game, "umpire")
    links = make_links(game.side_ids(), args.links)
    app = create_app(args.game, links)
    try:
        server = create_server(app, host=args.bind, port=args.port, threads=4)
    except OSError as e:
        raise UmpireError(f"cannot serve on {args.bind}:{args.port} ({e.strerror or e})", place="--bind/--port") from None
    base = f"http://{page_address(args.bind)}:{server.effective_port}"
    print(f"Serving {game.title} on {base} -- each side's page is behind its own link; give each player only his:")
    for side in game.sides:
        url = links.url(base, side.id)
        print(f"\n{side.name} ({side.id}): {url}")
        if not args.no_qr:
            print(qr_text(url))
    if args.bind in ("127.0.0.1", "localhost", "::1"):
        print("(bound to this computer only: --bind 0.0.0.0 or its network address lets the players' phones in)")
    print("Ctrl+C stops serving.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0
