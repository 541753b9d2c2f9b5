"""The bundled test cases, in dipsat's case-file format (data only; see dipsat.model.cases)."""
