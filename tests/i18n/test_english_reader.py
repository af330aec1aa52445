from tests.i18n.english import english, read_text


def test_the_reader_sees_text_and_read_attributes_only():
    html = (
        '<p title="Hint">探検 <b>Continue</b></p><script>var a = "text";</script>'
        '<span translate="no">Asia/Tokyo</span><img alt="Map">'
        '<button name="a" value="end">終了</button><input type="submit" value="Send">'
    )
    assert read_text(html) == ["Hint", "探検", "Continue", "Map", "終了", "Send"]
    assert english(html) == ["Hint", "Continue", "Map", "Send"]


def test_proper_names_and_numbers_pass():
    assert english("<p>hanako · 3 · Expedition · English · 12 pts</p>", also={"pts"}) == []
    assert english("<p>宝石 12 個</p>") == []
