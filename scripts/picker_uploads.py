"""The picker's upload steps (scripts/picker-tests): two photos through the page's file button,
and one upload interrupted and resumed with tuspy, its bytes read back identical. Skipped, with
the reason, while the service has no /v1/uploads."""
import hashlib
import json

from selenium.webdriver.common.by import By

import picker_harness as h


def uploads_available(run):
    status, _, _ = h.fetch(run.service.base + "/v1/uploads", "POST", {
        "Authorization": f"Bearer {run.service.session()}", "Tus-Resumable": "1.0.0", "Upload-Length": "0"})
    return status != 404 and status != 405


def upload_steps(run, name):
    if name != "uploads":
        raise AssertionError(f"no step named {name}")
    if not uploads_available(run):
        return "the service has no /v1/uploads (tus) yet"
    run.open_picker()
    photos = sorted(run.service.library.glob("Many/photo-0000[12].jpg"))
    copies = []
    for index, photo in enumerate(photos):
        copy = run.work / f"upload-{index + 1}.jpg"
        copy.write_bytes(photo.read_bytes())
        copies.append(str(copy))
    run.driver.find_element(By.ID, "file").send_keys("\n".join(copies))
    h.wait(run.driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#uploads li.done")) == 2, 120, message="two uploads")
    run.check("12-uploaded")
    resumed(run)


def resumed(run):
    """tuspy: the first chunk, a new client (the old one 'lost'), then the rest from the offset."""
    from tusclient import client as tus_client
    from tusclient.uploader import Uploader

    token = run.service.session()
    data = (run.service.library / "Many" / "photo-00003.jpg").read_bytes()
    path = run.work / "resumed.jpg"
    path.write_bytes(data)
    headers = {"Authorization": f"Bearer {token}"}
    first = tus_client.TusClient(run.service.base + "/v1/uploads", headers=headers)
    uploader = Uploader(file_path=str(path), client=first, chunk_size=64 * 1024, metadata={"filename": "resumed.jpg", "filetype": "image/jpeg"})
    uploader.upload_chunk()
    url = uploader.url
    assert 0 < uploader.offset < len(data)
    again = tus_client.TusClient(run.service.base + "/v1/uploads", headers=headers)
    rest = Uploader(file_path=str(path), client=again, url=url, chunk_size=64 * 1024)
    assert rest.offset == uploader.offset, (rest.offset, uploader.offset)
    rest.upload()
    sources = json.loads(h.fetch(run.service.base + "/v1/sources", headers=headers)[2])
    uploads = next(s for s in sources if "upload" in s["id"].lower() or "upload" in s["title"].lower())
    listing = json.loads(h.fetch(f"{run.service.base}/v1/sources/{uploads['id']}/items?count=100", headers=headers)[2])
    photo = next(item for item in listing["items"] if item["kind"] == "image" and "resumed" in item["title"])
    item = json.loads(h.fetch(f"{run.service.base}/v1/sources/{uploads['id']}/items/{photo['id']}", headers=headers)[2])
    original = h.fetch(run.service.base + item["originalURL"])[2]
    assert hashlib.sha256(original).digest() == hashlib.sha256(data).digest(), "the resumed upload's bytes differ"
