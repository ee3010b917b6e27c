"""The lecture notebook runs top to bottom in a fresh kernel, and every output carries what a
notebook viewer needs: the player as text/html, a decodable PNG for viewers that strip scripts."""

import io
from pathlib import Path

import pytest
from PIL import Image

from conftest import need

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "lecture.ipynb"


def test_the_lecture_notebook_runs_and_shows_players_and_pictures():
    nbformat = need("nbformat (pip install nbformat)", pytest.importorskip("nbformat", reason="nbformat"))
    nbclient = need("nbclient (pip install nbclient ipykernel)", pytest.importorskip("nbclient", reason="nbclient"))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    players = pictures = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            assert output.output_type != "error", output
            data = output.get("data", {})
            if "text/html" in data:
                markup = data["text/html"]
                assert markup.startswith("<iframe srcdoc=") and 'sandbox="allow-scripts"' in markup
                assert "image/png" in data  # the still beside the player, for viewers without scripts
                players += 1
            if "image/png" in data:
                import base64

                png = Image.open(io.BytesIO(base64.b64decode(data["image/png"])))
                png.load()
                assert png.size[0] >= 200
                pictures += 1
    assert players == 6  # 5x5, 6x6, why, the student's run recorded and traced, the puzzle's run
    assert pictures == 9  # the six players' stills, the board, the sheet, the puzzle
