"""Playing by packages (issue 23, docs/players.md): side packages out, signed orders back.

keys.py      the game's Ed25519 keys (game_info.keys, schema 18)
package.py   a side's package built from its report and side view, signed; read and checked
viewjson.py  the side view and its tables as canonical JSON, and back
trust.py     the player's Umpire trusts a game's key on first use
signing.py   orders files signed with a side's key, and checked before any rule system reads them
inbox.py     the umpire takes a file: checked, kept in the journal and applied in one transaction

No Qt here but the report's map picture (umpire.reports draws it offscreen).
"""
