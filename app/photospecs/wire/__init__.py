"""The shapes the service sends, as msgspec Structs; their JSON Schemas are generated from them."""
