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
    const QFileInfo file(path);
    input.name = file.fileName();
    // Only a regular file: opening a named pipe waits for a writer, and a device or a socket
    // never ends, so either would hang the import.
    if (file.isDir())
        throw Error(Importer::tr("%1 is a folder, not a file: choose the files in it.").arg(path));
    if (file.exists() && !file.isFile())
        throw Error(Importer::tr("%1 is not a regular file (it is a named pipe, a socket or a "
                                 "device): save the data to a file and import that.")
                        .arg(path));
    auto device = std::make_unique<QFile>(path);
    if (!device->open(QIODevice::ReadOnly))
        throw Error(Importer::tr("Cannot read %1: %2").arg(path, device->errorString()));
    const QByteArray magic = device->peek(4);
    // UTF-32 LE's byte order mark starts with UTF-16 LE's: look for the longer one first.
    const char *wide = nullptr;
    if (magic == QByteArray("\xFF\xFE\x00\x00", 4))
        wide = "UTF-32 LE";
    else if (magic == QByteArray("\x00\x00\xFE\xFF", 4))
        wide = "UTF-32 BE";
    else if (magic.startsWith("\xFF\xFE"))
        wide = "UTF-16 LE";
    else if (magic.startsWith("\xFE\xFF"))
        wide = "UTF-16 BE";
    if (wide)
        throw Error(Importer::tr("%1 is %2 text; Sense-7 Studio reads UTF-8. Save it as UTF-8 "
                                 "and import it again.")
                        .arg(input.name, QLatin1String(wide)));
    if (magic != QByteArray("PK\x03\x04", 4)) {
        input.size = device->size();
        input.device = std::move(device);
        return input;
    }
    device.reset();

    input.zip = std::make_shared<QuaZip>(path);
    if (!input.zip->open(QuaZip::mdUnzip))
        throw Error(Importer::tr("%1 is not a readable .zip archive (error %2).")
                        .arg(input.name, QString::number(input.zip->getZipError())));
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

QString nulByte(const QString &source, qint64 line)
{
    return Importer::tr("%1: line %2 holds a NUL byte, which text does not: the file is damaged "
                        "or not a text file (UTF-16 text, perhaps; save it as UTF-8).")
        .arg(source, QString::number(line));
}

qint64 lineAt(QByteArrayView bytes, qsizetype at)
{
    qint64 line = 1;
    for (qsizetype i = 0; i < at && i < bytes.size(); ++i) {
        if (bytes[i] == '\n'
            || (bytes[i] == '\r' && (i + 1 >= bytes.size() || bytes[i + 1] != '\n')))
            ++line;
    }
    return line;
}

} // namespace sense7::import
