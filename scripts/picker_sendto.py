"""The picker's "Send to…" steps (scripts/picker-tests), against a service of their own whose
catalog offers the demo editor (`photosource demo-editor` on loopback), a shop action and the
bundled Photopea (its icon replaced by a loopback one: nothing leaves the machine):

- `send_to`: a photo sent to the demo editor from its preview ("Always use this" ticked); the
  browser follows the launch URL in a new tab, the editor flips the photo and sends it back; it is
  in "Received" and is ordered to "Delivered"; the next preview offers "Send to Demo editor" (the
  default used in one click); the shop's action says "Sent to the shop"; "More apps" links to
  Photopea's signup page with the shop's referral; "Forget my choices" forgets the default; a photo
  deleted before it is sent from the tray is named in the page's notice.
- `ask_again`: the service restarted with a second handler for `edit`: the returning customer's
  default is not used, and the dialog says "New apps are available — choose again".

Skipped, with the reason, while the service has no GET /v1/catalog."""
import http.server
import json
import socket
import threading
import subprocess
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import picker_harness as h

STEPS = ("send_to", "ask_again")
SHOTS = Path(__file__).resolve().parent.parent / ".build" / "picker-screenshots"
CUSTOMER = "ada@shop.example"
FRAME = {"id": "frame-in-store", "title": {"en": "Frame it in our store", "de": "Im Laden rahmen lassen"}}


class DemoEditor:
    """`photosource demo-editor` on 127.0.0.1: fetches a hand-off's image, flips it and sends it back."""

    def __init__(self, binary, work):
        self.port = h.free_port()
        self.binary = binary
        self.work = work
        self.process = None

    def start(self):
        self.log = open(self.work / "editor.out", "w+")
        self.process = subprocess.Popen([self.binary, "demo-editor", "--port", str(self.port)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        self.log.seek(0)
        raise AssertionError("the demo editor did not start:\n" + self.log.read())

    def entry(self, handler_id="demo.editor", name="Demo editor"):
        """Its catalog entry (the contract's), under `handler_id`."""
        base = f"http://127.0.0.1:{self.port}"
        return {"id": handler_id, "name": name, "description": "Flips a photo and sends it back (a demo on loopback)",
                "icons": {"1x": f"{base}/icon.png", "2x": f"{base}/icon@2x.png"}, "platforms": ["web"], "live": True,
                "canSend": True, "canReceive": True,
                "actions": {"edit": {"url": base + "/edit?image={{imageURL}}&return={{returnURL}}",
                                     "required": ["imageURL"], "optional": ["returnURL"]}}}

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)


class ShopWebhook:
    """The shop's webhook endpoint on loopback: keeps every event the service sends (handoff.custom)."""

    SECRET = "picker-tests-webhook-secret"

    def __init__(self):
        self.events = []
        shop = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                shop.events.append(json.loads(body or b"{}"))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def catalog_available(service):
    status, _, _ = h.fetch(service.base + "/v1/catalog?action=edit", headers={"Authorization": f"Bearer {service.session()}"})
    return status != 404


def customer_session(service):
    """A session of the returning customer CUSTOMER (their defaults and "Received" follow them)."""
    status, _, body = h.fetch(service.base + "/v1/sessions", "POST", {
        "Authorization": f"Bearer {service.api_key}", "Content-Type": "application/json"}, json.dumps({"customer": CUSTOMER}).encode())
    assert status == 201, (status, body)
    return json.loads(body)["token"]


def configure(service, editor, webhook, extra_handlers=()):
    """The service's catalog: the demo editor (and `extra_handlers`), Photopea with a loopback icon,
    the shop's frame action and a referral parameter."""
    path = service.work / "config.json"
    config = json.loads(path.read_text())
    photopea = editor.entry("photopea", "Photopea")
    photopea.update(description="Free online photo editor in the browser", canReceive=False,
                    signup={"url": "https://www.photopea.com/", "free": True},
                    actions={"edit": {"url": "https://www.photopea.com#%7B%22files%22:%5B%22{{{imageURL}}}%22%5D%7D",
                                      "required": ["imageURL"]}})
    # development: the demo editor's URLs are http: on loopback (a file should not set it).
    config["webhook"] = {"url": webhook.url, "secrets": [webhook.SECRET]}  # the shop hears of its own actions
    if "received" not in config["sources"]:
        config["sources"].append("received")  # photos the editor sends back
    config["catalog"] = {"refreshIntervalSeconds": 0, "development": True, "referral": {"name": "ref", "value": "shop42"},
                         "handlers": [editor.entry(), photopea, *extra_handlers], "customActions": [FRAME]}
    path.write_text(json.dumps(config))


def missing(run):
    """Why these steps cannot run yet (a service without GET /v1/catalog, a binary without
    `demo-editor`), or None."""
    if not catalog_available(run.service):
        return "the service has no GET /v1/catalog yet"
    if "demo-editor" not in subprocess.run([run.binary, "--help"], capture_output=True, text=True).stdout:
        return "photosource has no demo-editor yet"
    return None


def start(run):
    """The demo editor and a service of this file's own (once per run)."""
    if getattr(run, "sendto_service", None):
        return run.sendto_service
    work = run.work / "sendto"
    work.mkdir(parents=True, exist_ok=True)
    run.sendto_editor = DemoEditor(run.binary, work)
    run.sendto_editor.start()
    run.sendto_webhook = ShopWebhook()
    service = h.Service_(run.binary, work / "service", [], 0)
    configure(service, run.sendto_editor, run.sendto_webhook)
    service.start()
    run.sendto_service = service
    return service


def stop(run):
    for name in ("sendto_service", "sendto_editor", "sendto_webhook"):
        if getattr(run, name, None):
            getattr(run, name).stop()


def sendto_steps(run, name):
    return {"send_to": send_to, "ask_again": ask_again}[name](run)


def open_picker(run, service):
    run.token = customer_session(service)
    run.driver.get(service.picker.replace("TOKEN", run.token) + "&product=4x6")
    h.wait(run.driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), message="picker ready")


def preview(run, label):
    """Opens the preview of the photo labelled `label` with the keyboard (Enter on the active cell)."""
    run.cell(label).click()  # selects it and makes it the active cell …
    run.cell(label).click()  # … and unselects it again
    run.driver.find_element(By.ID, "grid").send_keys(Keys.ENTER)
    h.wait(run.driver, lambda d: d.execute_script("return document.getElementById('preview').open"), message="the preview")


def visible(run, element_id, seconds=30):
    return h.wait(run.driver, lambda d: d.find_element(By.ID, element_id).is_displayed() and d.find_element(By.ID, element_id),
                  seconds, message=f"#{element_id} shown")


def open_dialog(run):
    visible(run, "preview-sendto").click()
    h.wait(run.driver, lambda d: d.execute_script("return document.getElementById('sendto').open"), message="the Send to… dialog")
    return h.wait(run.driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#sendto-handlers button[data-handler]'),
                  message="the handlers listed")


def handler_rows(run):
    return run.js("return [...document.querySelectorAll('#sendto-handlers button[data-handler]')].map(b => [b.dataset.handler, b.textContent])")


def follow_launch(run, click):
    """Clicks, follows the new tab to the editor's answer, closes it; returns the editor's text."""
    main = run.driver.current_window_handle
    before = set(run.driver.window_handles)
    click()
    h.wait(run.driver, lambda d: len(set(d.window_handles) - before) == 1, message="the editor's tab")
    tab = (set(run.driver.window_handles) - before).pop()
    run.driver.switch_to.window(tab)
    try:
        text = h.wait(run.driver, lambda d: "127.0.0.1" in d.current_url and "Flipped" in d.find_element(By.TAG_NAME, "body").text
                      and d.find_element(By.TAG_NAME, "body").text, 60, message="the editor flipped and returned the photo")
        SHOTS.mkdir(parents=True, exist_ok=True)
        run.driver.save_screenshot(str(SHOTS / "21-demo-editor.png"))
    finally:
        run.driver.close()
        run.driver.switch_to.window(main)
    return text


def received(run, service):
    listing = json.loads(h.fetch(service.base + "/v1/sources/received/items?count=100", headers={"Authorization": f"Bearer {run.token}"})[2])
    return [item for item in listing.get("items", []) if item.get("kind") == "image"]


def status_text(run, element_id, words, seconds=60):
    return h.wait(run.driver, lambda d: words in d.find_element(By.ID, element_id).text and d.find_element(By.ID, element_id).text,
                  seconds, message=f"#{element_id} saying {words!r}")


def send_to(run):
    if reason := missing(run):
        return reason
    service = start(run)
    open_picker(run, service)
    preview(run, "Welcome")
    rows = open_dialog(run)
    assert run.js("return document.getElementById('sendto-action').options[0].value") == "edit"
    assert sorted(row[0] for row in handler_rows(run)) == ["demo.editor", "photopea"], handler_rows(run)
    assert not any("Your default" in row.text for row in rows) and not run.driver.find_element(By.ID, "sendto-ask").is_displayed()
    more = run.driver.find_elements(By.CSS_SELECTOR, "#sendto-more li")
    assert [row.text.split(" ")[0] for row in more] == ["Photopea"], [row.text for row in more]  # the demo editor has no signup page
    link = more[0].find_element(By.TAG_NAME, "a")
    assert link.get_attribute("href") == "https://www.photopea.com/?ref=shop42", link.get_attribute("href")
    assert "Free" in run.driver.find_element(By.ID, "sendto-more").text
    assert run.driver.find_element(By.CSS_SELECTOR, '#sendto-custom button[data-custom="frame-in-store"]').text == "Frame it in our store"
    run.check("20-send-to")
    # Chosen with "Always use this": the hand-off opens the editor, which flips and returns the photo.
    run.driver.find_element(By.ID, "sendto-always").click()
    editor = follow_launch(run, lambda: run.driver.find_element(By.CSS_SELECTOR, '#sendto-handlers button[data-handler="demo.editor"]').click())
    print(f"    the editor said: {editor.splitlines()[0][:100]}")
    status_text(run, "sendto-status", "Opened Demo editor in a new tab")
    h.wait(run.driver, lambda d: received(run, service), message="the flipped photo in Received (API)")
    visible(run, "sendto-received").click()
    h.wait(run.driver, lambda d: d.execute_script(  # in one script: the source buttons are redrawn
        "return document.querySelector('#sources button[data-source=\"received\"]')?.getAttribute('aria-pressed') === 'true'"),
        message="Received open")
    flipped = h.wait(run.driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.cell[role=option]')].find(c => /^Welcome.* \\(from Demo editor\\)/.test(c.getAttribute('aria-label') || '')) || null"),
        message="the flipped photo, titled “… (from Demo editor)”, in Received")
    run.check("22-received")
    # It goes into an order like any photo.
    flipped.click()
    h.wait(run.driver, lambda d: d.find_element(By.ID, "count").text == "1 photo selected", message="1 selected")
    run.driver.find_element(By.ID, "tray-open").click()
    run.driver.find_element(By.ID, "order").click()
    order_status = run.driver.find_element(By.ID, "order-status")
    h.wait(run.driver, lambda d: "Delivered" in order_status.text or "Not ordered" in order_status.text or "failed" in order_status.text,
           120, message="the order ends")
    assert "Delivered" in order_status.text, order_status.text
    order = json.loads(h.fetch(service.base + "/v1/orders/" + run.js("return document.body.dataset.orderId"),
                               headers={"Authorization": f"Bearer {run.token}"})[2])
    assert [line["source"] for line in order["items"]] == ["received"], order["items"]
    run.check("23-received-delivered")
    run.driver.find_element(By.ID, "tray-close").click()
    # The default, remembered, is one click on the next photo's preview.
    run.source("demo")
    preview(run, "Welcome")
    quick = visible(run, "preview-default")
    assert quick.text == "Send to Demo editor", quick.text
    run.check("24-default")
    follow_launch(run, quick.click)
    status_text(run, "preview-status", "Opened Demo editor in a new tab")
    h.wait(run.driver, lambda d: len(received(run, service)) == 2, message="the second flipped photo in Received")
    rows = open_dialog(run)
    assert rows[0].get_attribute("data-handler") == "demo.editor" and "Your default" in rows[0].text, rows[0].text
    # The shop's own action: the service tells the shop; nothing opens here.
    handles = len(run.driver.window_handles)
    run.driver.find_element(By.CSS_SELECTOR, '#sendto-custom button[data-custom="frame-in-store"]').click()
    status_text(run, "sendto-status", "Sent to the shop: “Frame it in our store”")
    assert len(run.driver.window_handles) == handles, "the shop's action opened a tab"
    h.wait(run.driver, lambda d: any(e.get("type") == "handoff.custom" for e in run.sendto_webhook.events), 60,
           message="the shop's webhook hears handoff.custom")
    event = next(e for e in run.sendto_webhook.events if e.get("type") == "handoff.custom")
    assert event["data"]["custom"] == "frame-in-store" and event["data"]["customer"] == CUSTOMER, event
    run.check("25-sent-to-shop")
    # "Forget my choices": no default any more, and the next preview offers none.
    run.driver.find_element(By.ID, "sendto-forget").click()
    status_text(run, "sendto-status", "Your choices are forgotten")
    assert "Your default" not in run.driver.find_element(By.ID, "sendto-handlers").text
    run.driver.find_element(By.ID, "sendto-close").click()
    preview(run, "Welcome")
    visible(run, "preview-sendto")
    time.sleep(1)  # the catalog's answer has come (the dialog is there); the one-click default must not
    assert not run.driver.find_element(By.ID, "preview-default").is_displayed(), "a forgotten default was offered"
    run.driver.find_element(By.ID, "preview-close").click()
    vanished(run, service)


def vanished(run, service):
    """A photo deleted before it is sent: the service answers 404 and the page's notice says so."""
    folder = service.library / "Gone"
    folder.mkdir(exist_ok=True)
    item = service.api("/v1/sources/demo/items/Welcome.jpg", run.token)
    (folder / "gone-00001.jpg").write_bytes(h.fetch(service.base + item["originalURL"])[2])
    source = next(s["id"] for s in service.api("/v1/sources", run.token) if s["id"].startswith("local"))
    run.source(source)
    run.cell("Album Gone").click()
    # This time from the tray (where a click's selection goes): its photo's "Send to…".
    run.cell("gone-00001").click()
    h.wait(run.driver, lambda d: d.find_element(By.ID, "count").text == "1 photo selected", message="1 selected")
    run.driver.find_element(By.ID, "tray-open").click()
    run.driver.find_element(By.CSS_SELECTOR, '#tray-list button[aria-haspopup="dialog"]').click()
    h.wait(run.driver, lambda d: d.execute_script("return document.getElementById('sendto').open"), message="the Send to… dialog")
    rows = h.wait(run.driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#sendto-handlers button[data-handler]'), message="the handlers")
    (folder / "gone-00001.jpg").unlink()
    main = run.driver.current_window_handle
    rows[0].click()
    h.wait(run.driver, lambda d: d.execute_script(
        "const n = document.getElementById('notice'); return !n.hidden && n.textContent.includes('It may have been deleted or moved.')"),
        message="the notice names the vanished photo")
    assert not run.js("return document.getElementById('sendto').open"), "the dialog hid the notice"
    assert run.driver.window_handles == [main], "a tab stayed open after the refusal"
    run.check("26-send-vanished")


def ask_again(run):
    """A returning customer's default, then a new handler for `edit` in the catalog (the service
    restarted with it): the default is not used, and the dialog asks again."""
    if reason := missing(run):
        return reason
    service = start(run)
    token = customer_session(service)
    status, _, body = h.fetch(service.base + "/v1/catalog/defaults/edit", "PUT", {
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"}, json.dumps({"handler": "demo.editor"}).encode())
    assert status == 200, (status, body)
    service.stop()
    configure(service, run.sendto_editor, run.sendto_webhook, [run.sendto_editor.entry("demo.mirror", "Mirror editor")])
    service.start()
    open_picker(run, service)
    preview(run, "Welcome")
    rows = open_dialog(run)
    assert run.driver.find_element(By.ID, "sendto-ask").text == "New apps are available — choose again."
    assert run.driver.find_element(By.ID, "sendto-ask").is_displayed()
    assert not any("Your default" in row.text for row in rows), [row.text for row in rows]
    assert "demo.mirror" in [row[0] for row in handler_rows(run)], handler_rows(run)
    assert not run.driver.find_element(By.ID, "preview-default").is_displayed(), "the old default was offered"
    run.check("27-ask-again")
    # Chosen again (remembered with today's handlers): no more asking.
    run.driver.find_element(By.ID, "sendto-always").click()
    follow_launch(run, lambda: run.driver.find_element(By.CSS_SELECTOR, '#sendto-handlers button[data-handler="demo.mirror"]').click())
    status_text(run, "sendto-status", "Opened Mirror editor in a new tab")
    run.driver.find_element(By.ID, "sendto-close").click()
    preview(run, "Welcome")
    quick = visible(run, "preview-default")
    assert quick.text == "Send to Mirror editor", quick.text
    run.driver.find_element(By.ID, "preview-close").click()
