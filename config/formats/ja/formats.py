"""Japanese dates as players write them: 2026年12月4日, the weekday in brackets."""

DATE_FORMAT = "Y年n月j日"
DATETIME_FORMAT = "Y年n月j日 G:i"
SHORT_DATETIME_FORMAT = "n月j日(D) G:i"
TIME_FORMAT = "G:i"
