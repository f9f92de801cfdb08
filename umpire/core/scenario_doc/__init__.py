"""The scenario editor's document (no Qt): a scenario file held as tomlkit keeps it, edited by
undoable operations that change only what they edit -- the map (map_edit), the order of battle
(oob_edit), zones, objectives, minefields, reinforcements and single keys (places_edit) -- with
the scenario loader's own problems (checks) and the organizer's view of it to draw (preview)."""
