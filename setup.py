"""Only the optional C core lives here; all metadata is in pyproject.toml.

The extension is optional so that `pip install` never fails on a machine without a
C compiler: dlxcli then runs on the pure-Python twin of the same engine (and says so).
Set DLXCLI_REQUIRE_EXTENSION=1 to make a missing compiler a build error instead (CI does).
"""
import os

from setuptools import Extension, setup

required = os.environ.get("DLXCLI_REQUIRE_EXTENSION") == "1"

setup(
    ext_modules=[
        Extension(
            "dlxcli.engine._dlx",
            sources=["dlxcli/engine/_dlx.c", "dlxcli/engine/_learn.c",
                     "dlxcli/engine/_memo.c", "dlxcli/engine/_bits.c"],
            extra_compile_args=["-O3"] if os.name != "nt" else [],
            optional=not required,
        )
    ]
)
