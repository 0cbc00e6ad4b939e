"""The dashboard's stylesheets keep clear of what makes Textual restyle whole subtrees."""

from __future__ import annotations

from textual.app import App
from textual.css.stylesheet import Stylesheet

from elysium.resources import styles_dir

# A rule with one of these makes every widget it may apply to restyle its whole subtree each
# time children are mounted in it (Textual's order styles).
ORDER = {"first-of-type", "last-of-type", "first-child", "last-child", "empty", "odd", "even"}


def test_no_order_rule_is_keyed_on_a_bare_widget_type() -> None:
    """Textual files a rule under the names in its selectors and restyles every widget the
    names match: ``#npc-vampire Vertical:first-of-type`` made each Vertical in every screen
    (the dialogs', the dashboard's) restyle its subtree after each mount. A rule with an
    order pseudo-class must name its widget by id or class."""
    sheet = Stylesheet(variables=App().get_css_variables())  # the theme's $names
    paths = sorted(styles_dir().glob("*.tcss"))
    assert paths, styles_dir()
    for path in paths:
        sheet.read(path)
    sheet.parse()
    bare = [
        (str(rule.selector_set), sorted(rule.selector_names))
        for rule in sheet.rules
        if rule.pseudo_classes & ORDER and any(name[:1] not in "#." for name in rule.selector_names)
    ]
    assert not bare, bare
