"""A bare flask "hello" app: the ceiling the API's load figures are measured against.

    python scripts/hello_app.py --port 8001 --workers 2

It is served exactly as the API is (api.serve.run: gunicorn, same worker kind,
front and settings), so the difference in figures is the API's own cost.
"""

from __future__ import annotations

import sys
from pathlib import Path

from flask import Flask, jsonify

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def create_app() -> Flask:
    app = Flask(__name__)

    @app.get("/")
    def hello():
        return jsonify({"hello": "world"})

    @app.post("/")
    def hello_post():
        return jsonify({"hello": "world"})

    @app.get("/healthz")
    def healthz():
        return jsonify({"status": "ok"})

    return app


def main(argv=None) -> int:
    import argparse

    from api.serve import add_arguments, run

    parser = argparse.ArgumentParser(prog="hello_app.py", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    return run(args.host, args.port, args.workers, access_log=args.access_log,
               header_timeout=args.header_timeout, body_timeout=args.body_timeout,
               factory=create_app)


if __name__ == "__main__":
    sys.exit(main())
