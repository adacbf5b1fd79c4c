#include "input.h"

#include "error.h"
#include "importer.h"

#include <QFile>
#include <QFileInfo>
#include <quazip.h>
#include <quazipfile.h>
#include <quazipfileinfo.h>

namespace sense7::import {

Input::~Input()
{
    device.reset(); // before the archive it reads from
}

Input openInput(const QString &path)
{
    Input input;
    input.name = QFileInfo(path).fileName();
    auto file = std::make_unique<QFile>(path);
    if (!file->open(QIODevice::ReadOnly))
        throw Error(Importer::tr("Cannot read %1: %2").arg(path, file->errorString()));
    const QByteArray magic = file->peek(4);
    if (magic.startsWith("\xFF\xFE") || magic.startsWith("\xFE\xFF"))
        throw Error(Importer::tr("%1 is UTF-16 text; Sense-7 Studio reads UTF-8. Save it as UTF-8 "
                                 "and import it again.")
                        .arg(input.name));
    if (magic != QByteArray("PK\x03\x04", 4)) {
        input.size = file->size();
        input.device = std::move(file);
        return input;
    }
    file.reset();

    input.zip = std::make_shared<QuaZip>(path);
    if (!input.zip->open(QuaZip::mdUnzip))
        throw Error(Importer::tr("%1 is not a readable .zip archive (error %2).")
                        .arg(input.name)
                        .arg(input.zip->getZipError()));
    QString entry;
    for (bool more = input.zip->goToFirstFile(); more; more = input.zip->goToNextFile()) {
        const QString name = input.zip->getCurrentFileName();
        if (name.section(QLatin1Char('/'), -1)
                .compare(QLatin1String("conversations.json"), Qt::CaseInsensitive)
            == 0) {
            entry = name;
            break;
        }
    }
    if (entry.isEmpty())
        throw Error(
            Importer::tr("%1 has no conversations.json: it is not a ChatGPT or Claude export.")
                .arg(input.name));
    QuaZipFileInfo64 info;
    if (input.zip->getCurrentFileInfo(&info))
        input.size = qint64(info.uncompressedSize);
    auto inner = std::make_unique<QuaZipFile>(input.zip.get());
    if (!inner->open(QIODevice::ReadOnly))
        throw Error(Importer::tr("Cannot read %1 in %2.").arg(entry, input.name));
    input.device = std::move(inner);
    input.name = input.name + QLatin1Char('/') + entry;
    return input;
}

} // namespace sense7::import
