"""Each player's own screen (issue 24): `umpire serve GAME` serves, on the address the umpire
chooses, one page per side behind a secret link -- the side's map as it knows it, its forces and
contacts, its latest report and a form to hand in its orders.  Everything a page holds is built
from that side's view (core.knowledge.build_view) or by the commands that already build a side's
picture and report from it (`umpire render --side`, `umpire report --side`); a wrong or missing
secret gets an empty "not found".  Flask builds the pages, waitress serves them."""
