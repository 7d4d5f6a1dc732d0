"""REST: parse a query into a catalog key and send the bytes; the OpenAPI document and its viewer."""
