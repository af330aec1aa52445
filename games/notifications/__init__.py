"""Telling players what happened while they looked elsewhere: in the app (a bell, a page, a
push to every open tab), by mail (one per event, or a daily digest) and in the tab's title.

`models` holds what is stored, `service.notify` creates a notification exactly once per event,
`events` decides who is told of what the site does, `text` says it in the reader's language,
`delivery` pushes counts to open tabs and sends mail, `views` are the pages.
"""
