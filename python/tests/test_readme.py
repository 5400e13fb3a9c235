"""The Python examples of the repository's README and of python/README.md
run as shown."""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def python_section():
    text = README.read_text(encoding="utf-8")
    return text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]


def test_readme_example():
    blocks = re.findall(r"```python\n(.*?)```", python_section(), re.S)
    assert len(blocks) == 1
    parser = doctest.DocTestParser()
    test = parser.get_doctest(blocks[0], {}, "README.md#python", str(README), 0)
    assert len(test.examples) >= 8
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries == len(test.examples)


def test_readme_install_command():
    # python/ci.sh installs the package with this very line.
    blocks = re.findall(r"```sh\n(.*?)```", python_section(), re.S)
    assert blocks == ["pip install ./python\n"]


PACKAGE_README = Path(__file__).resolve().parents[1] / "README.md"


def test_package_readme_examples():
    blocks = re.findall(r"```python\n(.*?)```", PACKAGE_README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "python/README.md", str(PACKAGE_README), 0)
    assert len(test.examples) >= 25
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries == len(test.examples)
