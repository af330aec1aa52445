"""English dates as the site has always shown them: day before month, a 24-hour clock."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "D j M, H:i"
TIME_FORMAT = "H:i"
