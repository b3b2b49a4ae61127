"""The month and weekday tables in phisift.calendar: one source for the rule detector and date shifting."""

from phisift import calendar
from phisift.detect.rules.base import Languages
from phisift.detect.rules.dates import month_numbers
from phisift.dates import parse_date


def test_month_spellings_cover_full_names_abbreviations_and_variants():
    en, es = calendar.month_numbers("en"), calendar.month_numbers("es")
    assert en["september"] == en["sep"] == en["sept"] == 9
    assert es["septiembre"] == es["setiembre"] == es["set"] == 9
    assert len(set(en.values())) == len(set(es.values())) == 12
    assert "miercoles" in calendar.weekday_words("es") and "thurs" in calendar.weekday_words("en")


def test_rule_detector_months_follow_the_language_set():
    assert month_numbers(Languages(english=True, spanish=False)) == calendar.month_numbers("en")
    both = month_numbers(Languages(english=True, spanish=True))
    assert both["enero"] == 1 and both["december"] == 12


def test_date_shifting_reads_every_full_month_and_weekday_name():
    for language in ("en", "es"):
        for number, name in enumerate(calendar.MONTHS[language], 1):
            parts = parse_date(f"{name.title()} 3, 2019").parts
            assert parts and any(p.kind == "monthname" for p in parts), name
        for name in calendar.WEEKDAYS[language]:
            parts = parse_date(f"{name.title()}, March 3, 2019").parts
            assert parts and parts[0].kind == "weekday", name
