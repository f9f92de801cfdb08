"""A toy scenario laid on a picture made in the test: the left half of the image red, the right
half blue, so that a pixel of the drawn map says which part of the image lies under it."""

from pathlib import Path

from PIL import Image

TOY = Path(__file__).resolve().parents[1] / "toy" / "skirmish.toml"
RED, BLUE = (200, 30, 30), (30, 40, 210)
HEX = 20.0                  # image pixels, centre to corner
ORIGIN = (25.0, 25.0)       # hex 0101's centre on the image
SIZE = (380, 380)           # the toy's 12 x 10 flat map at HEX, with a margin


def board(path: Path, size=SIZE) -> Path:
    """The picture: red left of the middle, blue right of it."""
    im = Image.new("RGB", size, BLUE)
    im.paste(RED, (0, 0, size[0] // 2, size[1]))
    im.save(path)
    return path


def backdrop_table(image="board.png", opacity=0.6, hex_size=HEX, origin=ORIGIN, extra="") -> str:
    return (f'\n[map.backdrop]\nimage = "{image}"\nopacity = {opacity}\nhex_size = {hex_size}\n'
            f"origin = [{origin[0]}, {origin[1]}]\n{extra}")


def scenario(folder: Path, table: str | None = None, image: bool = True) -> Path:
    """The toy skirmish with a backdrop table at its end, its picture beside it."""
    if image:
        board(folder / "board.png")
    path = folder / "skirmish.toml"
    path.write_text(TOY.read_text(encoding="utf-8") + (backdrop_table() if table is None else table),
                    encoding="utf-8")
    return path
