"""The health check no longer keeps its probe's row (a GET writes nothing): the one an
earlier release kept is deleted."""

from django.db import migrations


def delete_probes(apps, schema_editor):
    apps.get_model("web", "HealthProbe").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("web", "0001_health_probe")]

    operations = [migrations.RunPython(delete_probes, migrations.RunPython.noop)]
