#!/usr/bin/env python3
"""Seeds a fresh `photosource serve` (the no-config default) for scripts/schemathesis.sh and prints
the schemathesis.toml that hands the seeded values to schemathesis.

Usage: schemathesis_seed.py BASE_URL API_KEY > schemathesis.toml

What it makes, all through the public API: a customer session; a photo of the demo library with
its signed thumbnail and original URLs; an order of that photo (placed by the session, which
schemathesis authenticates the order calls with); and a demo-cloud sign-in whose provider redirect
(state and code) is read without following it, so schemathesis' first callback signs in for real;
three empty tus uploads, one for each operation on /v1/uploads/{upload}; and a hand-off to the
demo editor for each operation on a hand-off token.
Only loopback addresses are contacted.
"""
import json
import re
import pathlib
import sys
import urllib.parse

# The order benchmark's loopback HTTP helper (JSON body, bearer token, redirects optional).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Benchmarks"))
from orders_bench import request  # noqa: E402


def call(base, method, path, token=None, body=None, headers=None, follow=True):
    return request(method, base + path, token=token, body=body, headers=headers, follow=follow)


def json_call(base, method, path, token=None, body=None, headers=None, expect=(200, 201)):
    status, _, data = call(base, method, path, token, body, headers)
    if status not in expect:
        sys.exit(f"schemathesis_seed: {method} {path} answered {status}: {data[:300]!r}")
    return json.loads(data)


def first_photo(base, token, source):
    """The first photo of `source`, looking one album deep."""
    top = json_call(base, "GET", f"/v1/sources/{source}/items?count=50", token)
    for item in top["items"]:
        if item["kind"] == "image":
            return item
    for album in (item for item in top["items"] if item["kind"] == "container"):
        scope = urllib.parse.quote(album["id"], safe="")
        for item in json_call(base, "GET", f"/v1/sources/{source}/items?scope={scope}&count=50", token)["items"]:
            if item["kind"] == "image":
                return item
    sys.exit(f"schemathesis_seed: {source} has no photo one album deep")


def new_upload(base, token):
    """The id of a new, empty tus upload of 1,000 bytes in the session of `token`."""
    status, headers, data = call(base, "POST", "/v1/uploads", token, headers={"Tus-Resumable": "1.0.0", "Upload-Length": "1000"})
    if status != 201:
        sys.exit(f"schemathesis_seed: POST /v1/uploads answered {status}: {data[:300]!r}")
    return headers["Location"].rsplit("/", 1)[1]


def signed_parts(url):
    """`(signature, payload)` of a signed URL `/v1/KIND/SIGNATURE/PAYLOAD`."""
    parts = urllib.parse.urlsplit(url).path.split("/")
    return parts[-2], parts[-1]


def toml_string(value):
    return json.dumps(value)  # a JSON string is a valid TOML basic string


def main():
    base, key = sys.argv[1], sys.argv[2]
    token = json_call(base, "POST", "/v1/sessions", key)["token"]
    products = [product["id"] for product in json_call(base, "GET", "/v1/products", token)]
    photo = first_photo(base, token, "demo")
    item_path = urllib.parse.quote(photo["id"], safe="")
    original = json_call(base, "GET", f"/v1/sources/demo/items/{item_path}", token)["originalURL"]
    order = json_call(base, "POST", "/v1/orders", token, headers={"Idempotency-Key": "schemathesis-seed"}, body={
        "reference": "schemathesis", "product": products[0], "items": [{"source": "demo", "itemId": photo["id"]}]})["id"]
    authorize = json_call(base, "POST", "/v1/sources/demo-cloud/sign-in", token)["authorizeURL"]
    status, headers, _ = call(authorize, "GET", "", follow=False)
    redirect = urllib.parse.parse_qs(urllib.parse.urlsplit(headers.get("Location", "")).query)
    if status not in (302, 303) or "state" not in redirect or "code" not in redirect:
        sys.exit(f"schemathesis_seed: the demo cloud's authorize answered {status} without a code redirect")
    # One upload per tus operation: a PATCH of bytes that are not a photo deletes its upload, and
    # a DELETE deletes its own, so neither takes the others' test data away.
    uploads = {operation_id: new_upload(base, token) for operation_id in ["getUploadOffset", "appendUpload", "deleteUpload"]}
    # One hand-off to the demo editor per operation on a token: a GET spends its image token (then
    # 410) and a return its return token, so each operation gets a token of its own.
    def handoff_tokens():
        handoff = json_call(base, "POST", "/v1/handoffs", token, body={
            "source": "demo", "itemId": photo["id"], "handler": "demo.editor", "action": "edit"})
        return handoff["imageURL"].split("/")[-2], handoff["returnURL"].split("/")[-2]
    image_tokens = {operation_id: handoff_tokens()[0] for operation_id in ["getHandoffImage", "peekHandoffImage"]}
    return_tokens = {"returnHandoff": handoff_tokens()[1]}
    thumbnail_signature, thumbnail_payload = signed_parts(photo["thumbnailURL"])
    original_signature, original_payload = signed_parts(original)

    def operation(operation_id, parameters):
        pairs = ", ".join(f"{toml_string(name)} = {value}" for name, value in parameters.items())
        return f'[[operations]]\ninclude-operation-id = "{operation_id}"\nparameters = {{ {pairs} }}\n'

    def dictionary(name, probability=0.8):
        return f'{{ dictionary = "{name}", probability = {probability} }}'

    print(f"""# Written by scripts/schemathesis_seed.py for one run; values are this service's own.
[auth.openapi.apiKey]
bearer = {toml_string(key)}

[auth.openapi.customerSession]
bearer = {toml_string(token)}

[warnings]
# Operations that only answered 401/403 or only 404 were never really tested: fail the run.
fail-on = ["missing_auth", "missing_test_data", "base_url_mismatch", "unused_openapi_auth", "unmatched_filter"]

[dictionaries.sources]
values = ["demo"]

[dictionaries.cloud]
values = ["demo-cloud"]

[dictionaries.items]
values = [{toml_string(photo["id"])}]

[dictionaries.handlers]
values = ["demo.editor", "photopea"]

[dictionaries.actions]
values = ["edit"]

[dictionaries.products]
values = {json.dumps(products)}

""")
    print(operation("listItems", {"source": dictionary("sources"), "product": dictionary("products", 0.5)}))
    print(operation("getItem", {"source": dictionary("sources"), "itemId": dictionary("items"), "product": dictionary("products", 0.5)}))
    for operation_id in ["beginSignIn", "getSignInStatus", "signOut"]:
        print(operation(operation_id, {"source": dictionary("cloud")}))
    print(operation("signInCallback", {
        "source": toml_string("demo-cloud"), "state": toml_string(redirect["state"][0]), "code": toml_string(redirect["code"][0])}))
    print(operation("getThumbnail", {"signature": toml_string(thumbnail_signature), "payload": toml_string(thumbnail_payload)}))
    print(operation("getOriginal", {"signature": toml_string(original_signature), "payload": toml_string(original_payload)}))
    # The picker's files have content-hashed names: take them from its page.
    _, _, page = call(base, "GET", "/picker/")
    assets = sorted(set(re.findall(r'(?:src|href)="\./([^"#]+)', page.decode())))
    print(operation("pickerAsset", {"asset": dictionary("picker")}))
    print(f"[dictionaries.picker]\nvalues = {json.dumps(assets)}\n")
    for operation_id in ["getOrder", "cancelOrder", "orderEvents"]:
        print(operation(operation_id, {"id": toml_string(order)}))
    for operation_id, upload in uploads.items():
        print(operation(operation_id, {"upload": toml_string(upload)}))
    for operation_id, handoff_token in {**image_tokens, **return_tokens}.items():
        print(operation(operation_id, {"token": toml_string(handoff_token)}))
    print(operation("createHandoff", {
        "body.source": dictionary("sources"), "body.itemId": dictionary("items"),
        "body.handler": dictionary("handlers"), "body.action": dictionary("actions")}))
    print(operation("rememberDefaultHandler", {"body.handler": dictionary("handlers")}))
    print(operation("createOrder", {
        "body.product": dictionary("products"), "body.items[*].source": dictionary("sources"),
        "body.items[*].itemId": dictionary("items"), "body.items[*].product": dictionary("products")}))


if __name__ == "__main__":
    main()
