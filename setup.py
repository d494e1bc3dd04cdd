"""Package layout of the wheel (the rest of the metadata is in pyproject.toml).

The art and the catalogues stay at the top of the checkout (``assets/``, ``locales/``) where the
generators, the tests and the PyInstaller build find them; the wheel carries them inside the
package as ``game/assets`` and ``game/locales``, where ``game.resources`` looks first. The lesson
scripts (``game/lessons/*.json``) are data of their package, beside its modules.
"""

from setuptools import find_namespace_packages, setup

SHIPPED = {"game.assets": "assets", "game.locales": "locales"}

setup(
    packages=find_namespace_packages(include=["game", "game.*"], exclude=["*.__pycache__"]) + list(SHIPPED),
    package_dir=SHIPPED,
    package_data={"game.assets": ["**/*"], "game.locales": ["*.json"], "game.lessons": ["*.json"]},
    exclude_package_data={"": ["__pycache__", "*.pyc"]},
)
