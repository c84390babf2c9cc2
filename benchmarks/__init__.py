"""Programs behind `copenhagen bench`: each module has `measure(quick) -> dict`."""
