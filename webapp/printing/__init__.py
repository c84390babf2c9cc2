"""Printed pads: the same PDF as `copenhagen print`, from a form."""
