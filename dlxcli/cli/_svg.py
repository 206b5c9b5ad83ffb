"""--format svg: the Figures of an answer as one standalone SVG 1.1 document, drawn the
way printed puzzles are (docs/svg.md).

Layer: cli, pure string building: no dependency, no font file (generic font families),
the same answer always the same bytes. A puzzle module's `figures(data)` says what to
draw (dlxcli.puzzles.Figure), as for --format pretty; this module only draws:

- thin lines between the cells of one region, thick walls between regions and around
  the cells (a sudoku's boxes, a squiggly's jigsaw regions, the samurai's five grids:
  its gaps, None, are left blank);
- a coloured figure (irregular regions, pack's pieces) fills each region with a light
  colour that no neighbouring region shares, while the palette lasts; a region keeps
  its colour in every figure of the answer (a piece across the layers of a 3-D board);
- a figure whose regions are all single cells is a board (queens): squares in two
  shades, no walls inside, a queen drawn where the symbol is "Q";
- a figure with weights (the target sudoku's scoring rings) tints each cell by its
  weight, and a key beside the grid gives each tint's weight;
- givens, where the caller knows them (`dlxcli generate --solution`), are bold on grey,
  the digits the search filled in are blue;
- an answer without figures (a setter's query, a count) is its judge text, in a
  monospaced font.

An answer's drawing is a `Drawing`: the blocks of its pieces in order, laid out one under
the other when the document is made (its size must be known before its first element).
"""

import math

CELL = 40
"""A cell's side, in user units (pixels at 100%)."""
MARGIN = 20
GAP = 24
"""Space between two blocks (figures, text) of one document."""
THIN, WALL = 1, 3
SYMBOL_SIZE = 24
TITLE_SIZE, TITLE_LINE = 16, 22
"""Titles above a grid and notes beside it: font size and line height."""
NOTE_GAP = 12
"""Space between a grid and the notes beside it."""
TEXT_SIZE, TEXT_LINE = 14, 18
"""The judge text of an answer without figures: font size and line height."""
CHAR_WIDTH = 0.6
"""A character's width as a share of the font size: a monospaced font's, an upper
bound for most text in a proportional one (the document's width is estimated from it)."""
BASELINE = 0.35
"""How far below a cell's middle a symbol's baseline lies, as a share of the font size
(centres digits and capitals without dominant-baseline, which renderers treat unevenly)."""
SANS, MONO = "sans-serif", "monospace"
KEY_TITLE = "digit × ring"
"""The heading of a weighted grid's key: a digit scores its value times its ring's weight."""

PALETTE = ["#fe9fc4", "#83c1fd", "#9cc883", "#fda58c", "#d3acf2", "#8aefd4", "#dbb772",
           "#1fcee6", "#f6e1fd", "#e7ebcc"]
"""Light fills for coloured regions, under black symbols (CIELAB lightness 76 to 92):
pink, blue, green, salmon, lavender, mint, ochre, cyan, lilac and cream, each pair at
least 28 apart in CIELAB (CIE76 delta E; below about 10, neighbours look alike, as some
of the 12 pastels before them did), chosen farthest-first from the light colours of
moderate chroma. Ten are more than enough: regions coloured smallest-last need at most
six where they touch as the pieces of a flat board do (a planar map)."""
RING_TINTS = ["#eeeeee", "#cde4fb", "#fbd0d0", "#fde9a8", "#f9cf4f"]
"""The tints of a weighted grid's cells, lowest weight first: the target sudoku's rings,
6 on the outside to 10 in the centre, grey, blue, red and gold as on an archery target."""
SWATCH = 16
"""The side of a tint's square in the key beside a weighted grid."""
BOARD = ("#f0d9b5", "#b58863")
"""The light and dark squares of a board."""
GIVEN_FILL, SOLVED_INK, INK, THIN_INK = "#e0e0e0", "#1f5fbf", "#000000", "#808080"
QUEEN = "Q"
"""The symbol drawn as a queen on a board."""


class Drawing:
    """The blocks of one answer's document, added piece by piece (`add`), made into the
    document at the end (`document`)."""

    def __init__(self):
        self.blocks = []

    def __bool__(self):
        return bool(self.blocks)

    def add(self, figures, text, givens=None):
        """Add an answer's figures (with `givens`, one set of (row, column) per figure,
        or None), or its text if it has none."""
        if figures:
            blocks = [FigureBlock(figure, givens[k] if givens else None)
                      for k, figure in enumerate(figures)]
            colours = region_colours([block.grid for block in blocks
                                      if block.grid and block.figure.coloured])
            for block in blocks:
                block.colours = colours
            self.blocks.extend(blocks)
        elif text and self.blocks and isinstance(self.blocks[-1], TextBlock):
            self.blocks[-1].extend(text.splitlines())
        elif text:
            self.blocks.append(TextBlock(text.splitlines()))

    def document(self):
        """The SVG document of every block, one under the other."""
        return "".join(self.parts())

    def parts(self):
        """The document in parts: its start, each block, its end (written one by one,
        a long document never has to be one string, and a reader that has gone, as
        `| head` does, is noticed at the next part)."""
        width = max(block.width for block in self.blocks) + 2 * MARGIN
        height = sum(block.height for block in self.blocks) + GAP * (len(self.blocks) - 1)
        height += 2 * MARGIN
        yield ('<?xml version="1.0" encoding="UTF-8"?>\n'
               f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
               f'width="{_n(width)}" height="{_n(height)}" '
               f'viewBox="0 0 {_n(width)} {_n(height)}">\n'
               f'<rect width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>\n')
        top = MARGIN
        for block in self.blocks:
            yield "".join([f'<g transform="translate({MARGIN},{_n(top)})">\n',
                           *block.elements(), "</g>\n"])
            top += block.height + GAP
        yield "</svg>\n"


class TextBlock:
    """Lines of judge text (a list written as it was found comes in several parts)."""

    def __init__(self, lines):
        self.lines, self.width, self.height = [], 0, 0
        self.extend(lines)

    def extend(self, lines):
        self.lines.extend(lines)
        self.width = max(self.width, _text_width(max(lines, key=len, default=""), TEXT_SIZE))
        self.height = TEXT_LINE * len(self.lines)

    def elements(self):
        yield f'<g class="text" font-family="{MONO}" font-size="{TEXT_SIZE}" fill="{INK}">\n'
        for k, line in enumerate(self.lines):
            y = k * TEXT_LINE + TEXT_SIZE
            yield f'<text x="0" y="{y}" xml:space="preserve">{escape(line)}</text>\n'
        yield "</g>\n"


class FigureBlock:
    """One Figure: its title, its grid (cells, lines, walls, symbols) and the notes
    beside it."""

    def __init__(self, figure, givens=None):
        self.figure, self.givens, self.colours = figure, givens, {}
        self.title_height = TITLE_LINE + 2 if figure.title else 0
        self.grid = (None if figure.rows is None
                     else Grid(figure.rows, figure.regions, figure.coloured, figure.weights))
        grid_width = self.grid.columns * CELL if self.grid else 0
        grid_height = self.grid.height * CELL if self.grid else 0
        self.key = self.grid.tints() if self.grid and figure.weights else {}
        self.notes = list(figure.beside) + (["", KEY_TITLE] if self.key else [])
        notes = max((_text_width(note, TITLE_SIZE) for note in self.notes), default=0)
        if self.key:
            labels = max(_text_width(str(weight), TITLE_SIZE) for weight in self.key)
            notes = max(notes, SWATCH + NOTE_GAP / 2 + labels)
        lines = len(self.notes) + len(self.key)
        self.notes_x = grid_width + (NOTE_GAP if grid_width else 0)
        self.width = math.ceil(max(_text_width(figure.title or "", TITLE_SIZE),
                                   self.notes_x + notes if lines else grid_width))
        self.height = self.title_height + max(grid_height, lines * TITLE_LINE)

    def elements(self):
        figure = self.figure
        if figure.title:
            yield (f'<text class="title" x="0" y="{TITLE_SIZE}" font-family="{SANS}" '
                   f'font-size="{TITLE_SIZE}" fill="{INK}">{escape(figure.title)}</text>\n')
        if self.grid:
            yield f'<g transform="translate(0,{self.title_height})">\n'
            yield from self.grid.elements(self.colours if figure.coloured else None,
                                          self.givens)
            yield "</g>\n"
        for k, note in enumerate(self.notes):
            yield self.note(k, self.notes_x, note)
        yield from self.key_elements(len(self.notes))

    def note(self, line, x, text):
        """A line of text beside the grid, on its `line`-th line from the first row."""
        y = self.title_height + CELL / 2 + BASELINE * TITLE_SIZE + line * TITLE_LINE
        return (f'<text class="note" x="{_n(x)}" y="{_n(y)}" font-family="{SANS}" '
                f'font-size="{TITLE_SIZE}" fill="{INK}">{escape(text)}</text>\n')

    def key_elements(self, first):
        """The key of a weighted grid from line `first` on: each weight's tint, as a
        square, and the weight beside it (lowest first: the target's outer ring)."""
        for k, (weight, tint) in enumerate(self.key.items(), first):
            top = self.title_height + CELL / 2 + (k - 0.5) * TITLE_LINE + (TITLE_LINE - SWATCH) / 2
            yield (f'<rect class="key" x="{self.notes_x}" y="{_n(top)}" width="{SWATCH}" '
                   f'height="{SWATCH}" fill="{tint}" stroke="{INK}" stroke-width="{THIN}"/>\n')
            yield self.note(k, self.notes_x + SWATCH + NOTE_GAP / 2, str(weight))


class Grid:
    """Rows of symbols and the region of every cell (None: no cell), as Figure has them;
    a grid whose regions are not coloured and all single cells is a board."""

    def __init__(self, rows, regions, coloured=False, weights=None):
        self.rows, self.regions, self.weights = rows, regions, weights
        self.height = len(regions)
        self.columns = max(len(row) for row in regions)
        self.cells = [(r, c) for r in range(self.height) for c in range(len(regions[r]))
                      if regions[r][c] is not None]
        sizes = {}
        for r, c in self.cells:
            sizes[regions[r][c]] = sizes.get(regions[r][c], 0) + 1
        self.board = not coloured and bool(sizes) and all(size == 1 for size in sizes.values())

    def at(self, r, c):
        """The region of cell (r, c); None for a gap or outside the grid."""
        inside = 0 <= r < self.height and 0 <= c < len(self.regions[r])
        return self.regions[r][c] if inside else None

    def symbol(self, r, c):
        row = self.rows[r]
        symbol = row[c] if c < len(row) else None
        symbol = "" if symbol in (None, "0") else str(symbol).strip()
        return "" if self.board and symbol == "." else symbol

    def elements(self, colours, givens):
        """The grid's elements: `colours` fill its regions (None: white cells),
        `givens` are the cells whose symbols were given (None: not known)."""
        fills = self.fills(colours, givens)
        yield '<g class="cells" stroke="none">\n'
        for r, c in self.cells:
            yield (f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                   f'fill="{fills[r, c]}"/>\n')
        yield "</g>\n"
        thin, walls = self.edges()
        if not self.board:
            yield f'<g class="lines" stroke="{THIN_INK}" stroke-width="{THIN}">\n'
            yield from (_line(*edge) for edge in thin)
            yield "</g>\n"
        yield (f'<g class="walls" stroke="{INK}" stroke-width="{WALL}" '
               f'stroke-linecap="square">\n')
        yield from (_line(*edge) for edge in walls)
        yield "</g>\n"
        yield from self.symbols(givens)

    def fills(self, colours, givens):
        """The fill of every cell: a board's two shades, its region's colour, or white
        (grey under a given when the grid also shows digits that are not)."""
        if self.board:
            return {(r, c): BOARD[(r + c) % 2] for r, c in self.cells}
        if self.weights is not None:
            tints = self.tints()
            return {(r, c): tints[self.weights[r][c]] for r, c in self.cells}
        if colours is not None:
            return {(r, c): colours[self.regions[r][c]] for r, c in self.cells}
        shaded = givens is not None and any(
            self.symbol(r, c) and (r, c) not in givens for r, c in self.cells)
        return {(r, c): GIVEN_FILL if shaded and (r, c) in givens else "#ffffff"
                for r, c in self.cells}

    def tints(self):
        """Each weight of the cells, lowest first, with its tint (RING_TINTS in turn)."""
        weights = sorted({self.weights[r][c] for r, c in self.cells})
        return {weight: RING_TINTS[k % len(RING_TINTS)] for k, weight in enumerate(weights)}

    def edges(self):
        """(thin lines, walls) as (x1, y1, x2, y2): a wall between cells of different
        regions and between a cell and no cell, a thin line inside a region; on a board,
        only the walls around it."""
        thin, walls = [], []
        for r in range(self.height + 1):
            for c in range(self.columns):
                edge = (c * CELL, r * CELL, (c + 1) * CELL, r * CELL)
                self._sort_edge(edge, self.at(r - 1, c), self.at(r, c), thin, walls)
        for c in range(self.columns + 1):
            for r in range(self.height):
                edge = (c * CELL, r * CELL, c * CELL, (r + 1) * CELL)
                self._sort_edge(edge, self.at(r, c - 1), self.at(r, c), thin, walls)
        return thin, walls

    def _sort_edge(self, edge, one, other, thin, walls):
        """Put the edge between the cells of regions `one` and `other` (None: no cell)
        with the thin lines, the walls, or neither."""
        if one is None and other is None:
            return
        if one is None or other is None:
            walls.append(edge)
        elif one == other:
            thin.append(edge)
        elif not self.board:
            walls.append(edge)

    def symbol_font(self):
        """A monospaced font for a grid that mixes digits and letters (16x16, 25x25):
        programmers' fonts keep apart what a sans-serif's plain strokes blur, `I` with
        bars from `1` with a flag, `B`'s flat back from `8`; sans-serif elsewhere."""
        symbols = {self.symbol(r, c) for r, c in self.cells}
        digits = any(symbol.isdigit() for symbol in symbols)
        letters = any(symbol.isalpha() for symbol in symbols)
        return MONO if digits and letters else SANS

    def symbols(self, givens):
        """A text per cell with a symbol (bold for a given, blue for a digit found)
        and a queen per board square that holds one."""
        yield (f'<g class="symbols" font-family="{self.symbol_font()}" '
               f'font-size="{SYMBOL_SIZE}" text-anchor="middle" fill="{INK}">\n')
        for r, c in self.cells:
            symbol = self.symbol(r, c)
            if not symbol:
                continue
            if self.board and symbol == QUEEN:
                yield queen(c * CELL, r * CELL)
                continue
            x, y = c * CELL + CELL / 2, r * CELL + CELL / 2 + BASELINE * SYMBOL_SIZE
            style = _fitted(symbol)
            if givens is not None:
                style += (' font-weight="bold"' if (r, c) in givens
                          else f' fill="{SOLVED_INK}"')
            yield f'<text x="{_n(x)}" y="{_n(y)}"{style}>{escape(symbol)}</text>\n'
        yield "</g>\n"


def _fitted(symbol):
    """The font-size attribute that fits a symbol of several characters (a piece's
    name) in its cell; none for one that fits at SYMBOL_SIZE."""
    size = CELL * 0.75 / (len(symbol) * CHAR_WIDTH)
    return f' font-size="{_n(size)}"' if size < SYMBOL_SIZE else ""


def region_colours(grids):
    """A palette colour for every region of the grids, no two neighbours alike while the
    palette lasts: regions taken in smallest-last order (the one with the fewest
    neighbours goes last, recursively), each given, of the colours none of its neighbours
    has, the one used least so far; where they have every colour, the one fewest of them
    have. A region found in several grids is one region."""
    neighbours = region_neighbours(grids)
    colour, used = {}, dict.fromkeys(PALETTE, 0)
    for region in smallest_last(neighbours):
        around = [colour[other] for other in neighbours[region] if other in colour]
        free = [fill for fill in PALETTE if fill not in around] or PALETTE
        colour[region] = min(free, key=lambda fill: (around.count(fill), used[fill]))
        used[colour[region]] += 1
    return colour


def region_neighbours(grids):
    """Each region of the grids (in reading order) with the set of regions it touches."""
    neighbours = {}
    for grid in grids:
        for r, c in grid.cells:
            region = grid.regions[r][c]
            mine = neighbours.setdefault(region, set())
            for other in (grid.at(r - 1, c), grid.at(r, c - 1), grid.at(r + 1, c),
                          grid.at(r, c + 1)):
                if other is not None and other != region:
                    mine.add(other)
    return neighbours


def smallest_last(neighbours):
    """The regions in smallest-last order (Matula and Beck): repeatedly set aside the
    region with the fewest neighbours not yet set aside, and colour in the reverse order,
    so that each region meets at most as many coloured neighbours as the graph's
    degeneracy (at most 5 for a planar map)."""
    left = {region: set(others) for region, others in neighbours.items()}
    order = []
    while left:
        region = min(left, key=lambda name: len(left[name]))
        order.append(region)
        for other in left.pop(region):
            left[other].discard(region)
    return reversed(order)


def queen(x, y):
    """A queen (a crown on a base) in the square whose top left corner is (x, y)."""
    points = [(0.2, 0.8), (0.8, 0.8), (0.86, 0.34), (0.68, 0.55), (0.5, 0.24),
              (0.32, 0.55), (0.14, 0.34)]
    path = " ".join(f"{_n(x + px * CELL)},{_n(y + py * CELL)}" for px, py in points)
    return (f'<polygon class="queen" points="{path}" fill="#202020" stroke="#ffffff" '
            f'stroke-width="1.5" stroke-linejoin="round"/>\n')


def _line(x1, y1, x2, y2):
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>\n'


def _text_width(text, size):
    return len(text) * size * CHAR_WIDTH


def _n(number):
    """A coordinate as SVG text: an integer without a point, else two decimals at most."""
    return f"{number:.2f}".rstrip("0").rstrip(".")


_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}


def escape(text):
    """`text` as XML character data: markup characters escaped, and the characters XML
    1.0 cannot hold at all (control characters, lone surrogates, U+FFFE and U+FFFF)
    shown as their Python escape, e.g. \\x1b."""
    return "".join(_ESCAPES.get(char) or (char if _allowed(char) else ascii(char)[1:-1])
                   for char in text)


def _allowed(char):
    code = ord(char)
    return (code >= 0x20 or char == "\t") and not (0xD800 <= code <= 0xDFFF) \
        and code not in (0xFFFE, 0xFFFF)


# -- generated puzzles (dlxcli generate --format svg) ----------------------------------------

def generated_document(kind, texts, solution=False, first=1):
    """One document of the puzzles that `dlxcli generate KIND` made (`texts`, in the
    input format of `dlxcli KIND`, numbered from `first`): each drawn by its command's
    figures (its regions, its gaps), showing its givens only, or with `solution` its
    solution with the givens marked."""
    from ..commands import puzzle_module
    from ..generate import generator_of, input_chunks
    from ..puzzles import Figure
    module, drawing = puzzle_module(kind), Drawing()
    for number, text in enumerate(texts, first):
        answer = module.solve_text("".join(input_chunks(kind, 1, [text])))
        figures, givens = [], []
        for figure in module.figures(answer.data):
            cells = [(r, c) for r, row in enumerate(figure.regions)
                     for c, region in enumerate(row) if region is not None]
            given = {cell for cell, is_given in zip(cells, generator_of(kind).givens(text))
                     if is_given}
            rows = figure.rows if solution else [
                [symbol if (r, c) in given else "" for c, symbol in enumerate(row)]
                for r, row in enumerate(figure.rows)]
            figures.append(Figure(rows, figure.regions, figure.coloured, f"Puzzle {number}"))
            givens.append(given)
        drawing.add(figures, answer.text, givens)
    return drawing.document()
