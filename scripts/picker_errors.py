"""The picker's errors a person can act on (scripts/picker-tests), each shown in the page with its
screenshots: signed out of a source mid-browse (a sign-in button that works), rate limited (the page
waits for Retry-After and then goes on), a selected photo that vanished before "Add to order" (named,
removed, the rest ordered), and uploads the service refuses (not a photo, too large: its reason).

The rate-limited steps run against a second service whose general budget is tiny
(PHOTOSOURCE_REQUESTS_PER_MINUTE), in a second browser: its limiter counts per minute from a
session's first request, so `rate_limited` spends a session's budget and opens the picker with it
(the page meets a 429 whose Retry-After is the rest of that minute), and leaves it waiting while
the other steps run; `rate_limited_done`, late in the run, sees the page go on."""
import re
import time

from selenium.webdriver.common.by import By

import picker_harness as h
from picker_uploads import uploads_available

LIMIT = 30  # requests per minute on the limited service: enough for the page's own files, per address
STEPS = ("signed_out", "session_ended", "rate_limited", "rate_limited_done", "vanished", "upload_refused")


def spend_budget(run):
    """A new session on the limited service with its minute's budget spent."""
    run.limited_token = run.limited.session()
    for _ in range(LIMIT + 5):
        status, _, _ = h.fetch(run.limited.base + "/v1/sources", headers={"Authorization": f"Bearer {run.limited_token}"})
        if status == 429:
            return
    raise AssertionError(f"the limited service never answered 429 in {LIMIT + 5} requests")


def stop(run):
    if getattr(run, "waiting_driver", None):
        run.waiting_driver.quit()
    if getattr(run, "limited", None):
        run.limited.stop()


def error_steps(run, name):
    return {"signed_out": signed_out, "session_ended": session_ended, "rate_limited": rate_limited,
            "rate_limited_done": rate_limited_done, "vanished": vanished, "upload_refused": upload_refused}[name](run)


def notice(run, words, seconds=30):
    """The page's notice once it says `words`."""
    return h.wait(run.driver, lambda d: d.execute_script(
        "const n = document.getElementById('notice'); return !n.hidden && n.textContent.includes(arguments[0]) ? n.textContent : null",
        words), seconds, message=f"a notice saying {words!r}")


def cloud_state(run):
    return run.js("return document.querySelector('#sources button[data-source=\"demo-cloud\"] .state').textContent")


def signed_out(run):
    """The cloud sign-in is revoked mid-browse: the next listing says so, with a sign-in button that
    works; revoked again with a cloud photo selected, "Add to order" says so too, and after signing
    in the order is delivered."""
    run.open_picker()
    run.sign_in_to_cloud()
    album = run.cell("Album").get_attribute("aria-label")
    status, _, body = h.fetch(f"{run.service.base}/v1/sources/demo-cloud/sign-in", "DELETE", {"Authorization": f"Bearer {run.token}"})
    assert status in (200, 204), (status, body)
    run.cell(album).click()
    notice(run, "You are signed out of Demo Cloud")
    h.wait(run.driver, lambda d: cloud_state(run) == "Sign in", message="the source button says Sign in")
    button = run.driver.find_element(By.CSS_SELECTOR, "#notice button")
    assert button.text == "Sign in to Demo Cloud", button.text
    run.check("13-signed-out")
    run.sign_in_to_cloud(start=button.click)
    title = album.removeprefix("Album ")
    h.wait(run.driver, lambda d: run.crumbs() == ["Demo Cloud", title], message="back in the same album")
    h.wait(run.driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.cell[role=option]')].some(c => !c.getAttribute('aria-label').startsWith('Album'))"),
        message="the album's photos after signing in again")
    assert run.js("return document.getElementById('notice').hidden"), "the notice stayed"
    # Signed out again with a cloud photo selected: "Add to order" leads to the same sign-in, and
    # the order then goes through.
    h.wait(run.driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.cell[role=option]')].find(c => !c.getAttribute('aria-label').startsWith('Album')) || null"),
        message="a cloud photo").click()
    h.wait(run.driver, lambda d: d.find_element(By.ID, "count").text == "1 photo selected", message="1 selected")
    status, _, body = h.fetch(f"{run.service.base}/v1/sources/demo-cloud/sign-in", "DELETE", {"Authorization": f"Bearer {run.token}"})
    assert status in (200, 204), (status, body)
    run.driver.find_element(By.ID, "tray-open").click()
    run.driver.find_element(By.ID, "order").click()
    notice(run, "You are signed out of Demo Cloud")
    assert not run.js("return document.getElementById('tray').open"), "the tray hid the sign-in"
    run.check("13-signed-out-order")
    run.sign_in_to_cloud(start=run.driver.find_element(By.CSS_SELECTOR, "#notice button").click)
    run.driver.find_element(By.ID, "tray-open").click()
    run.driver.find_element(By.ID, "order").click()
    order_status = run.driver.find_element(By.ID, "order-status")
    h.wait(run.driver, lambda d: "Delivered" in order_status.text or "Not ordered" in order_status.text, 120, message="the order ends")
    assert "Delivered" in order_status.text, order_status.text


def session_ended(run):
    """The customer's session revoked by the shop: the page says to go back to the shop (no sign-in button)."""
    run.open_picker()
    album = run.cell("Album Nature")
    status, _, body = h.fetch(f"{run.service.base}/v1/sessions/current", "DELETE", {"Authorization": f"Bearer {run.token}"})
    assert status == 204, (status, body)
    album.click()
    notice(run, "Your session with the shop has ended. Go back to the shop and open the picker again.")
    assert not run.driver.find_elements(By.CSS_SELECTOR, "#notice button"), "a session that ended offered a button"
    run.check("17-session-ended")


def rate_limited(run):
    """429 with Retry-After, in a second browser on the limited service: the page says it waits,
    and an upload started meanwhile says so in its row. The page is left waiting (close to a
    minute) while the other steps run; `rate_limited_done` sees it go on."""
    run.limited = h.Service_(run.binary, run.work / "limited", [], 0, environment={"PHOTOSOURCE_REQUESTS_PER_MINUTE": str(LIMIT)})
    run.limited.start()
    spend_budget(run)
    main, run.driver = run.driver, h.chromium()
    try:
        run.driver.get(run.limited.picker.replace("TOKEN", run.limited_token) + "&product=4x6")
        text = notice(run, "trying again in")
        seconds = int(re.search(r"trying again in (\d+) s", text).group(1))
        assert 1 <= seconds <= 60, text
        run.waiting_until = time.time() + seconds
        photo = run.work / "while-busy.jpg"
        photo.write_bytes((run.service.library / "Many" / "photo-00004.jpg").read_bytes())
        run.driver.find_element(By.ID, "file").send_keys(str(photo))
        h.wait(run.driver, lambda d: "trying again in" in d.execute_script(
            "return document.querySelector('#uploads li .state')?.textContent || ''"), 30, message="the upload waits too")
        run.check("14-rate-limited")
        print(f"    Retry-After: {seconds} s")
    except BaseException:
        run.driver.quit()
        raise
    else:
        run.waiting_driver = run.driver
    finally:
        run.driver = main


def rate_limited_done(run):
    """After Retry-After, the page of `rate_limited` shows the library and the upload finished."""
    if not getattr(run, "waiting_driver", None):
        return "rate_limited did not run"
    main, run.driver = run.driver, run.waiting_driver
    try:
        h.wait(run.driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"),
               max(0, run.waiting_until - time.time()) + 60, message="the picker after Retry-After")
        run.cell("Welcome")
        h.wait(run.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#uploads li.done"), 60, message="the upload after Retry-After")
        assert run.js("return document.getElementById('notice').hidden"), "the waiting notice stayed"
    finally:
        run.driver = main
        run.waiting_driver.quit()
        run.waiting_driver = None


def vanished(run):
    """A selected photo is deleted from the library before "Add to order": the tray names it, and
    "Remove it and order the other 1" orders the rest, to delivered."""
    run.open_picker()
    run.source("local-3")
    run.cell("Album Vanishing").click()
    run.cell("vanishing-00001").click()
    run.cell("vanishing-00002").click()
    h.wait(run.driver, lambda d: d.find_element(By.ID, "count").text == "2 photos selected", message="2 selected")
    (run.service.library / "Vanishing" / "vanishing-00002.jpg").unlink()
    run.driver.find_element(By.ID, "tray-open").click()
    run.driver.find_element(By.ID, "order").click()
    status = run.driver.find_element(By.ID, "order-status")
    h.wait(run.driver, lambda d: "no longer in" in status.text, 60, message="the vanished photo named")
    assert "vanishing-00002" in status.text, status.text
    gone = run.driver.find_elements(By.CSS_SELECTOR, "#tray-list li.gone")
    assert len(gone) == 1 and "vanishing-00002" in gone[0].text, [item.text for item in gone]
    run.check("15-vanished")
    fix = run.driver.find_element(By.CSS_SELECTOR, "#order-fix button")
    assert fix.text == "Remove it and order the other 1", fix.text
    assert not run.driver.find_element(By.ID, "order").is_displayed(), "'Add to order' would only be refused again"
    fix.click()
    h.wait(run.driver, lambda d: "Delivered" in status.text or "Not ordered" in status.text, 120, message="the rest ordered")
    assert "Delivered" in status.text, status.text
    order = run.service.api("/v1/orders/" + run.js("return document.body.dataset.orderId"), run.token)
    assert [item["itemId"] for item in order["items"]] == ["Vanishing/vanishing-00001.jpg"], order["items"]


def upload_refused(run):
    """A text file, bytes that are not a photo under a .jpg name, and a file over the size limit:
    each row says why (the first the page's own check, the others the service's problem detail)."""
    if not uploads_available(run):
        return "the service has no /v1/uploads (tus) yet"
    run.open_picker()
    notes = run.work / "notes.txt"
    notes.write_text("Milk, eggs, film.\n")
    fake = run.work / "holiday.jpg"
    fake.write_bytes(b"A shopping list, not a photo.\n" * 100)
    big = run.work / "panorama.jpg"
    with open(big, "wb") as file:
        file.truncate(64 * 1024 * 1024 + 1)  # sparse: over the default 64 MiB limit without writing it
    run.driver.find_element(By.ID, "file").send_keys("\n".join(str(path) for path in (notes, fake, big)))
    h.wait(run.driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#uploads li.failed")) == 3, 60, message="three refusals")
    rows = {text.split(" ", 1)[0]: text for text in run.js(
        "return [...document.querySelectorAll('#uploads li.failed .state')].map(s => s.textContent)")}
    assert rows["notes.txt"] == "notes.txt is not a photo; only images can be printed.", rows
    assert rows["holiday.jpg"].startswith("holiday.jpg was refused: Only JPEG and PNG photos can be uploaded"), rows
    assert rows["panorama.jpg"].startswith("panorama.jpg (64.0 MB) was refused: The photo is 67108865 bytes; uploads may be at most"), rows
    big.unlink()
    run.check("16-upload-refused")
