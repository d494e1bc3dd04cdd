"""The title's pictures kept between runs: the same pixels as a fresh drawing, drawn again when
the art changes, only the start's pictures written, and a folder that refuses is not fatal."""

from __future__ import annotations

import os

import pygame
import pytest

from game.ui import emblems
from game.ui.app import App, LaunchOptions
from game.ui.art import Art
from game.ui.picture_cache import PictureCache
from game.ui.storage import Storage


@pytest.fixture
def cached_storage(tmp_path):
    return Storage(tmp_path / "config", tmp_path / "data", tmp_path / "cache")


def title_frame(storage: Storage, lang: str, size: tuple[int, int]) -> tuple[bytes, App]:
    """The whole title as a fresh start draws it (a first start puts its pictures off to its
    second frame), then the start's pictures written."""
    emblems._icon.cache_clear()
    app = App(LaunchOptions(lang=lang, size=size, storage=storage))
    app.start()
    app.running = True
    app.step(0.0)
    if app.pictures_later:
        app.step(0.0)
    assert not app.pictures_later
    pixels = pygame.image.tobytes(app.window, "RGB")
    app.art.save_kept()
    return pixels, app


def test_a_first_start_shows_its_title_before_drawing_its_pictures(cached_storage, monkeypatch):
    """The first frame of a first start comes without the emblem and the three games' pictures
    (about 20 ms of drawing); the second frame has them, with the pixels of a start that kept
    them, and they are kept for the next start."""
    warm, app = title_frame(cached_storage, "fr", (1280, 800))
    app.shutdown()
    for path in (cached_storage.cache_dir / "pictures").iterdir():
        if path.name.startswith(("emblem", "game-")):
            path.unlink()
    emblems._icon.cache_clear()
    drawn: list[tuple] = []
    svg = Art._svg
    monkeypatch.setattr(
        Art, "_svg", lambda self, name, *a, **k: drawn.append(name) or svg(self, name, *a, **k)
    )
    app = App(LaunchOptions(lang="fr", size=(1280, 800), storage=cached_storage))
    try:
        app.start()
        app.running = True
        app.step(0.0)
        first = pygame.image.tobytes(app.window, "RGB")
        assert drawn == [] and app.pictures_later and app.scenes.top.busy()
        app.step(1 / 60)
        assert not app.pictures_later
        assert ("ui", "emblem.svg") in drawn
        assert first != warm
        assert pygame.image.tobytes(app.window, "RGB") == warm
    finally:
        app.shutdown()
    names = {p.name.split(".")[0] for p in (cached_storage.cache_dir / "pictures").iterdir()}
    assert {"emblem-150", "game-frustration-92-fr", "game-rum500-92-fr", "game-tiles-92-fr"} <= names


def test_first_frame_exit_on_a_first_start_keeps_the_pictures_before_quitting(cached_storage, capsys):
    app = App(LaunchOptions(lang="en", size=(1280, 800), storage=cached_storage, first_frame_exit=True))
    assert app.run() == 0
    assert capsys.readouterr().out == "first frame\n"
    assert app.frame_count == 2
    names = {p.name.split(".")[0] for p in (cached_storage.cache_dir / "pictures").iterdir()}
    assert "emblem-150" in names
    again = App(LaunchOptions(lang="en", size=(1280, 800), storage=cached_storage, first_frame_exit=True))
    assert again.run() == 0
    assert again.frame_count == 1


def no_svg(*args, **kwargs):
    raise AssertionError("a kept picture was drawn again")


@pytest.mark.parametrize(("lang", "size"), [("fr", (1280, 800)), ("en", (1024, 600))])
def test_a_title_from_kept_pictures_has_the_pixels_of_a_fresh_drawing(
    cached_storage, monkeypatch, lang, size
):
    fresh, app = title_frame(cached_storage, lang, size)
    app.shutdown()
    kept = sorted(p.name for p in (cached_storage.cache_dir / "pictures").iterdir())
    assert (
        len(kept) == 7
    )  # the window's icon, the felt's grain and shade, the emblem, the three games' pictures
    monkeypatch.setattr(Art, "_svg", no_svg)
    again, app = title_frame(cached_storage, lang, size)
    app.shutdown()
    assert again == fresh


def test_without_a_cache_folder_nothing_is_kept(storage):
    assert storage.cache_dir is None
    _, app = title_frame(storage, "en", (1280, 800))
    app.shutdown()
    assert not any(p.suffix == ".bmp" for p in storage.config_dir.parent.rglob("*"))


def make_square(colour: tuple[int, int, int, int], size: tuple[int, int] = (6, 4)):
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        surface.fill(colour)
        return surface

    return make


def test_a_changed_art_file_draws_the_picture_again_and_drops_the_old_one(tmp_path):
    source = tmp_path / "card.svg"
    source.write_text("one", encoding="utf-8")
    folder = tmp_path / "pictures"
    first = PictureCache(folder, "1.0", lambda: [source])
    first.get("square", (6, 4), make_square((10, 20, 30, 255)))
    first.save()
    old = first.path("square")
    assert old.exists()
    source.write_text("two, longer", encoding="utf-8")
    second = PictureCache(folder, "1.0", lambda: [source])
    assert second.path("square") != old
    picture = second.get("square", (6, 4), make_square((200, 20, 30, 255)))
    assert picture.get_at((0, 0)) == (200, 20, 30, 255)
    second.save()
    assert [p.name for p in folder.iterdir()] == [second.path("square").name]
    third = PictureCache(folder, "1.1", lambda: [source])  # another version: drawn again
    assert third.path("square") != second.path("square")


def test_only_the_pictures_of_the_start_are_written(tmp_path):
    cache = PictureCache(tmp_path, "1.0", list)
    cache.get("before", (6, 4), make_square((1, 2, 3, 255)))
    cache.save()
    cache.get("after", (6, 4), make_square((1, 2, 3, 255)))
    cache.save()
    assert [p.name for p in tmp_path.iterdir()] == [cache.path("before").name]
    assert not cache.open


def test_a_kept_picture_of_the_wrong_size_or_broken_is_drawn_again(tmp_path):
    cache = PictureCache(tmp_path, "1.0", list)
    cache.get("square", (6, 4), make_square((1, 2, 3, 255)))
    cache.save()
    other = PictureCache(tmp_path, "1.0", list)
    assert other.get("square", (8, 4), make_square((9, 9, 9, 255), (8, 4))).get_at((0, 0)) == (9, 9, 9, 255)
    other.path("square").write_bytes(b"not a picture")
    third = PictureCache(tmp_path, "1.0", list)
    assert third.get("square", (6, 4), make_square((9, 9, 9, 255))).get_at((0, 0)) == (9, 9, 9, 255)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder the user cannot write")
def test_a_folder_that_refuses_is_not_fatal(tmp_path):
    tmp_path.chmod(0o500)
    try:
        cache = PictureCache(tmp_path / "pictures", "1.0", list)
        cache.get("square", (6, 4), make_square((1, 2, 3, 255)))
        cache.save()
    finally:
        tmp_path.chmod(0o700)
    assert not (tmp_path / "pictures").exists()


def test_a_file_in_the_way_of_the_folder_is_not_fatal(tmp_path):
    (tmp_path / "pictures").write_text("a file, not a folder", encoding="utf-8")
    cache = PictureCache(tmp_path / "pictures", "1.0", list)
    assert cache.get("square", (6, 4), make_square((1, 2, 3, 255))).get_size() == (6, 4)
    cache.save()
    assert (tmp_path / "pictures").read_text(encoding="utf-8") == "a file, not a folder"


def test_the_fingerprint_covers_every_file_the_kept_pictures_come_from(cached_storage):
    from game.resources import resource_path

    app = App(LaunchOptions(lang="en", storage=cached_storage))
    try:
        sources = set(app._kept._sources())
    finally:
        app.shutdown()
    for parts in [("icon.png",), ("ui", "felt.png"), ("ui", "emblem.svg"), ("cards", "QD.svg")]:
        assert resource_path("assets", *parts) in sources, parts
    assert resource_path("assets", "tiles", "star.svg") in sources
    assert resource_path("assets", "fonts", "DejaVuSans-Bold.ttf") in sources
    assert {p.name for p in sources} >= {"art.py", "emblems.py"}


def test_a_half_written_picture_is_removed_at_the_next_start_even_with_nothing_new(tmp_path):
    cache = PictureCache(tmp_path, "1.0", list)
    cache.get("square", (6, 4), make_square((1, 2, 3, 255)))
    cache.save()
    leftover = tmp_path / f".square.{cache.fingerprint}.4242.tmp.bmp"  # a write the kill cut short
    leftover.write_bytes(b"BM")
    again = PictureCache(tmp_path, "1.0", list)
    again.get("square", (6, 4), make_square((9, 9, 9, 255)))  # kept: nothing new to write
    again.save()
    assert [p.name for p in tmp_path.iterdir()] == [cache.path("square").name]


def test_a_write_the_full_disk_refuses_leaves_no_temporary_file(tmp_path, monkeypatch):
    """A full disk: the half-written picture is removed at once, and a start removes those that
    earlier starts left (so that freeing a little room is not eaten again by the cache)."""
    import errno

    old = tmp_path / ".window-icon.0badf00d.31337.tmp.bmp"  # left by a start before this fix
    tmp_path.joinpath(old.name).write_bytes(b"BM" + b"\0" * 100)

    def disk_full(surface, name, *args):
        with open(name, "wb") as handle:
            handle.write(b"BM\0\0")  # the disk fills up in the middle of the file
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pygame.image, "save", disk_full)
    cache = PictureCache(tmp_path, "1.0", list)
    cache.get("window-icon", None, make_square((1, 2, 3, 255)))
    cache.get("felt-grain", None, make_square((1, 2, 3, 255)))
    cache.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_first_start_reads_no_art_file_dates_before_its_first_frame(tmp_path):
    """With no cache folder yet, nothing can be read back: the fingerprint (a look at every art
    file) waits until the pictures are written, after the first frame."""
    looked: list[str] = []

    def sources() -> list:
        looked.append("art files")
        return []

    cache = PictureCache(tmp_path / "pictures", "1.0", sources)
    assert not cache.has("square")
    assert cache.get("square", (6, 4), make_square((1, 2, 3, 255))).get_size() == (6, 4)
    assert looked == []
    cache.save()
    assert looked == ["art files"]
    assert [p.name for p in (tmp_path / "pictures").iterdir()] == [cache.path("square").name]
