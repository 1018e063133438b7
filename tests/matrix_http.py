"""The rooms routes as the matrix test (tests/test_rooms_matrix.py) calls them: every
request through a flask test client, held to the app's own OpenAPI document.

Every answer is checked as it comes: never a 5xx, a status the document lists for the
operation, a body valid against the document's schema for that status (a RoomView, an
Error); every body sent is checked against the operation's request schema first (a move
the server takes must be one the document says it takes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from openapi_schema_validator import OAS30Validator

V1 = "/api/v1"


@dataclass
class Answer:
    status: int
    body: dict

    @property
    def error(self) -> dict:
        return (self.body or {}).get("error") or {}


class DocumentedApi:
    """A flask test client whose every request and answer is held to the document."""

    def __init__(self, client):
        self.client = client
        self.document = client.get(f"{V1}/openapi.json").get_json()
        assert "components" in self.document, self.document
        self.components = self.document["components"]
        self.requests = 0
        self.tally: Counter = Counter()  # (label, route, move type, status): how many
        self.label = ""  # what the caller is testing (its game), for the tally
        self._validators: dict = {}

    def _validator(self, schema: dict) -> OAS30Validator:
        key = repr(schema)
        if key not in self._validators:
            self._validators[key] = OAS30Validator({**schema, "components": self.components})
        return self._validators[key]

    def _operation(self, template: str, method: str) -> dict:
        path = self.document["paths"].get(f"{V1}{template}")
        assert path is not None and method in path, \
            f"{method.upper()} {V1}{template} is not in the OpenAPI document"
        return path[method]

    def call(self, method: str, template: str, *, code: str | None = None,
             token: str | None = None, body=None, whole: bool = True) -> Answer:
        """``method`` on the route ``template`` (``/rooms/{code}/moves``), checked (its
        body against its schema too unless not ``whole``: a view the caller reads again
        and again, which the test validates once a step)."""
        operation = self._operation(template, method)
        if body is not None:
            request = operation["requestBody"]["content"]["application/json"]["schema"]
            problems = [e.message for e in self._validator(request).iter_errors(body)]
            assert not problems, (f"{method.upper()} {template}: the body {body} is not one "
                                  f"the document takes: {problems[:3]}")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        path = V1 + template.replace("{code}", code or "")
        answer = self.client.open(path, method=method.upper(), json=body, headers=headers)
        self.requests += 1
        kind = body.get("type") if isinstance(body, dict) and template.endswith("/moves") \
            else None
        self.tally[self.label, f"{method.upper()} {template}", kind, answer.status_code] += 1
        data = answer.get_json(silent=True)
        where = f"{method.upper()} {template} {body if body is not None else ''}"
        assert answer.status_code < 500, \
            f"{where} answered {answer.status_code}: {answer.get_data(as_text=True)[:2000]}"
        documented = operation["responses"].get(str(answer.status_code))
        assert documented is not None, \
            f"{where} answered {answer.status_code}, which the document does not list: {data}"
        if not whole and answer.status_code < 400:
            return Answer(answer.status_code, data)
        schema = documented["content"]["application/json"]["schema"]
        problems = [f"{list(e.absolute_path)}: {e.message}"
                    for e in self._validator(schema).iter_errors(data)]
        assert not problems, (f"{where} answered {answer.status_code} with a body the document "
                              f"does not allow: {problems[:3]}")
        return Answer(answer.status_code, data)

    def view(self, code: str, token: str, *, whole: bool = False) -> dict:
        answer = self.call("get", "/rooms/{code}", code=code, token=token, whole=whole)
        assert answer.status == 200, answer.body
        return answer.body

    def move(self, code: str, token: str, body: dict) -> Answer:
        return self.call("post", "/rooms/{code}/moves", code=code, token=token, body=body)
