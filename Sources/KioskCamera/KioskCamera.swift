// The KioskCamera module; see ../shared/design.md for what it owns.
